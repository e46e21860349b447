import { readFileSync } from 'node:fs';
import { DOCS_FILE, ROUTES_FILE, docsWithTable, routesSource } from '../../scripts/contract-artifacts.ts';

describe('files generated from the contract', () => {
  it('the call routes equal what the declaration gives (run `npm run contract` after changing a call)', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(routesSource());
  });
  it('the call table of docs/bridge-api.md equals what the declaration gives', () => {
    const docs = readFileSync(DOCS_FILE, 'utf8');
    expect(docs).toBe(docsWithTable(docs));
  });
});
