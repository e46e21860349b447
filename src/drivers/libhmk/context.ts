/** What every port of an opened libhmk keyboard shares: the link, the metadata, the firmware version. */
import { decodeByte } from './codec.ts';
import type { LibhmkLink } from './link.ts';
import type { LibhmkMetadata } from './metadata.ts';
import { CMD } from './protocol.ts';
import { badArgument } from './writes.ts';

export class LibhmkContext {
  constructor(
    readonly link: LibhmkLink,
    readonly meta: LibhmkMetadata,
    readonly version: number,
  ) {}

  /** The profile a call names, or the keyboard's current one (one GET_PROFILE) when it names none. */
  async profile(profile?: number): Promise<number> {
    if (profile === undefined) return decodeByte(await this.link.request(CMD.getProfile));
    this.checkIndex('profile', profile, this.meta.numProfiles);
    return profile;
  }

  checkIndex(what: string, value: number, count: number): void {
    if (!Number.isInteger(value) || value < 0 || value >= count) {
      throw badArgument(`${what} ${value} does not exist (the keyboard has ${count})`);
    }
  }

  checkByte(what: string, value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xff) throw badArgument(`${what} ${value} is not one byte`);
  }

  /** Reads a per-key list of one profile (and layer) in windows of `perReport` entries. */
  async readList<T>(
    command: number,
    head: readonly number[],
    count: number,
    perReport: number,
    decode: (reply: Uint8Array, n: number) => T[],
    starts: readonly number[] = Array.from({ length: Math.ceil(count / perReport) }, (_, i) => i * perReport),
  ): Promise<Map<number, T>> {
    const out = new Map<number, T>();
    for (const start of starts) {
      const n = Math.min(perReport, count - start);
      const entries = decode(await this.link.request(command, [...head, start]), n);
      entries.forEach((e, i) => out.set(start + i, e));
    }
    return out;
  }
}
