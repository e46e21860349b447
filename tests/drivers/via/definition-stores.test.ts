/** The two places VIA definitions are kept: a file per keyboard on the desktop (private), IndexedDB in the browser. */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileDefinitionStore } from '../../../src/desktop/via-definitions-file.ts';

describe('desktop definition store', () => {
  it('keeps one private JSON file per vendor and product id, refuses what is not JSON and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kt-via-'));
    const store = fileDefinitionStore(dir);
    expect(await store.get(0x4b54, 0x5641)).toBeUndefined();
    await store.put(0x4b54, 0x5641, '{"name":"a"}');
    expect(await store.get(0x4b54, 0x5641)).toBe('{"name":"a"}');
    await expect(store.put(0x4b54, 0x5641, 'not json')).rejects.toThrow();
    expect(await store.get(0x4b54, 0x5641)).toBe('{"name":"a"}');
    const folder = join(dir, 'via-definitions');
    expect(readdirSync(folder)).toEqual(['4b54-5641.json']);
    if (process.platform !== 'win32') {
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      expect(statSync(join(folder, '4b54-5641.json')).mode & 0o777).toBe(0o600);
    }
  });
});
