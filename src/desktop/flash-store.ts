/**
 * Virtual keyboards' flash images in one file of the data folder, like a real keyboard keeps its settings in flash; a
 * keyboard of another family keeps its family, version and simulator's state instead (files written before such
 * keyboards were kept have none). Every save writes a new file beside the old one and renames it over, so a crash
 * mid-write leaves the last good file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SavedFamilyState } from '../host/family-virtual.ts';

export interface StoredSpec {
  displayName: string;
  fwVer: string;
  hwVer?: string;
  accessMode?: number;
  serial: string;
}

export interface StoredImage {
  spec: StoredSpec;
  /** Our own protocol's flash image; empty for a keyboard of another family. */
  image: Uint8Array;
  savedAt: number;
  family?: SavedFamilyState;
}

interface FileShape {
  version: 1;
  keyboards: { spec: StoredSpec; image: string; savedAt: number; family?: SavedFamilyState }[];
}

export const FLASH_FILE = 'virtual-keyboards.json';

export class FlashStore {
  readonly file: string;
  private readonly images = new Map<string, StoredImage>();

  constructor(folder: string) {
    this.file = join(folder, FLASH_FILE);
    this.load();
  }

  private load(): void {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return;
    }
    try {
      const data = JSON.parse(text) as FileShape;
      for (const k of data.keyboards ?? [])
        this.images.set(k.spec.serial, {
          spec: k.spec,
          image: new Uint8Array(Buffer.from(k.image, 'base64')),
          savedAt: k.savedAt,
          ...(k.family ? { family: k.family } : {}),
        });
    } catch (e) {
      console.error(`${this.file} is unreadable; virtual keyboards start afresh`, e);
    }
  }

  /** Saved keyboards, oldest first. */
  all(): StoredImage[] {
    return [...this.images.values()].sort((a, b) => a.savedAt - b.savedAt);
  }

  put(spec: StoredSpec, image: Uint8Array, family?: SavedFamilyState): void {
    const old = this.images.get(spec.serial);
    this.images.set(spec.serial, { spec, image, savedAt: old?.savedAt ?? Date.now(), ...(family ? { family } : {}) });
    this.write();
  }

  remove(serial: string): void {
    if (this.images.delete(serial)) this.write();
  }

  private write(): void {
    const data: FileShape = {
      version: 1,
      keyboards: this.all().map((k) => ({
        spec: k.spec,
        image: Buffer.from(k.image).toString('base64'),
        savedAt: k.savedAt,
        ...(k.family ? { family: k.family } : {}),
      })),
    };
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(data), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}
