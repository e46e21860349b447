/** What every port of an opened libhmk keyboard shares: the link, the metadata, the firmware version. */
import { decodeByte } from './codec.ts';
import type { LibhmkLink } from './link.ts';
import type { LibhmkMetadata } from './metadata.ts';
import { CMD } from './protocol.ts';
import { badArgument } from './writes.ts';

/**
 * Which profile the app edits. libhmk has no command to change the keyboard's current profile (only its PF keys,
 * PF_SWAP and PF_NEXT do), but every per-profile command names its profile: the app opens any profile without the
 * keyboard leaving its own. When the keyboard's current profile is seen to change (GET_PROFILE answers another than
 * last time), the keyboard was switched on itself and the app moves to that profile.
 */
export class ProfileChoice {
  /** The profile the app edits; undefined until the keyboard's is first read. */
  edited: number | undefined;
  /** The keyboard's current profile as last read. */
  seen: number | undefined;

  /** Takes the keyboard's current profile as read now; answers the profile the app edits. */
  follow(current: number): number {
    if (this.seen === undefined || current !== this.seen || this.edited === undefined) this.edited = current;
    this.seen = current;
    return this.edited;
  }
}

export class LibhmkContext {
  readonly profiles = new ProfileChoice();

  constructor(
    readonly link: LibhmkLink,
    readonly meta: LibhmkMetadata,
    readonly version: number,
  ) {}

  /** The keyboard's own current profile (one GET_PROFILE). */
  async keyboardProfile(): Promise<number> {
    return decodeByte(await this.link.request(CMD.getProfile));
  }

  /**
   * The profile a call names, or the one the app edits when it names none (one GET_PROFILE, which also notices a
   * profile switched on the keyboard).
   */
  async profile(profile?: number): Promise<number> {
    if (profile === undefined) return this.profiles.follow(await this.keyboardProfile());
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
