/**
 * VIA keyboard definitions kept by the desktop host: one JSON file per vendor and product id in the data folder's
 * via-definitions folder (0700), each file 0600. A file is written beside its final name and renamed over it, so a
 * crash never leaves half a definition.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DefinitionStore } from '../drivers/types.ts';

const FOLDER = 'via-definitions';
const MAX_BYTES = 1_000_000;

const hex4 = (v: number) => v.toString(16).padStart(4, '0');

export function fileDefinitionStore(dataDir: string): DefinitionStore {
  const folder = join(dataDir, FOLDER);
  const file = (vendorId: number, productId: number) => join(folder, `${hex4(vendorId)}-${hex4(productId)}.json`);
  const valid = (v: number) => Number.isInteger(v) && v >= 0 && v <= 0xffff;
  return {
    async get(vendorId, productId) {
      if (!valid(vendorId) || !valid(productId)) return undefined;
      try {
        return readFileSync(file(vendorId, productId), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async put(vendorId, productId, json) {
      if (!valid(vendorId) || !valid(productId)) throw new RangeError('vendor and product ids are 16-bit numbers');
      if (json.length > MAX_BYTES) throw new RangeError('a keyboard definition is at most 1 MB');
      JSON.parse(json);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      chmodSync(folder, 0o700);
      const target = file(vendorId, productId);
      const staging = `${target}.${process.pid}.tmp`;
      writeFileSync(staging, json, { mode: 0o600 });
      chmodSync(staging, 0o600);
      renameSync(staging, target);
    },
  };
}
