/**
 * What the firmware's layout task does with a key once it counts as pressed (layout.c), as far as the host can see
 * it: momentary layers (MO), and the profile keys PF(n), PF_SWAP and PF_NEXT, which switch the keyboard's current
 * profile in flash (layout_set_profile: current profile, and the last profile other than the first for PF_SWAP).
 * HID codes reach the computer, not the configuration link, so they are not modelled. A key counts as pressed at its
 * actuation point of the current profile (rapid trigger is not modelled); a key carrying an advanced key is left to
 * the advanced-key engine, which the simulator does not run.
 */
import { At, type Eeprom } from './eeprom.ts';
import { HE60_SHAPE } from './he60.ts';
import type { Matrix } from './matrix.ts';
import { Size } from './wire.ts';

const { profiles: P, keys: N, advancedKeys: A } = HE60_SHAPE;

const KC_NO = 0x00;
const KC_TRANSPARENT = 0x01;
const MO_MIN = 0xc0;
const MO_MAX = 0xc7;
const PF_MIN = 0xc8;
const PF_MAX = 0xcf;
const LY_LOCK = 0xd1;
const PF_SWAP = 0xd2;
const PF_NEXT = 0xd3;

export class Layout {
  private layerMask = 0;
  private defaultLayer = 0;
  private readonly pressed = new Array<boolean>(N).fill(false);
  /** The code each held key registered, so a release undoes it after a layer or profile change. */
  private readonly active = new Array<number>(N).fill(KC_NO);

  constructor(private readonly eeprom: Eeprom) {}

  /** One scan of the layout task over every key's distance. */
  scan(matrix: Matrix): void {
    const profile = this.profile();
    for (let key = 0; key < N; key++) {
      const point = this.eeprom.u8(At.actuation(profile) + key * Size.actuation);
      const down = matrix.keys[key]!.distance >= Math.max(1, point);
      if (down === this.pressed[key]) continue;
      this.pressed[key] = down;
      if (down) {
        const layer = this.currentLayer();
        if (this.hasAdvancedKey(layer, key)) continue;
        const code = this.codeOf(layer, key);
        this.active[key] = code;
        this.register(code);
      } else {
        this.unregister(this.active[key]!);
        this.active[key] = KC_NO;
      }
    }
  }

  private profile(): number {
    return Math.min(this.eeprom.u8(At.currentProfile), P - 1);
  }

  private currentLayer(): number {
    return this.layerMask ? 31 - Math.clz32(this.layerMask) : this.defaultLayer;
  }

  private codeOf(layer: number, key: number): number {
    const profile = this.profile();
    for (let l = layer; l >= 0; l--) {
      if (((this.layerMask >> l) & 1) === 0) continue;
      const code = this.eeprom.u8(At.keymap(profile, l) + key);
      if (code !== KC_TRANSPARENT) return code;
    }
    return this.eeprom.u8(At.keymap(profile, this.defaultLayer) + key);
  }

  private hasAdvancedKey(layer: number, key: number): boolean {
    const at = At.advancedKeys(this.profile());
    for (let i = 0; i < A; i++) {
      const slot = this.eeprom.read(at + i * Size.advancedKey, Size.advancedKey);
      // advanced_key_t: layer, key, type, then the kind's fields (a null bind's secondary key first).
      const [akLayer, akKey, type, secondary] = [slot[0]!, slot[1]!, slot[2]!, slot[3]!];
      if (type === 0 || akLayer !== layer) continue;
      if (akKey === key || (type === 1 && secondary === key)) return true;
    }
    return false;
  }

  private register(code: number): void {
    if (code >= MO_MIN && code <= MO_MAX) this.layerMask |= 1 << (code - MO_MIN);
    else if (code >= PF_MIN && code <= PF_MAX) this.setProfile(code & 0x07);
    else if (code === LY_LOCK) {
      const current = this.currentLayer();
      this.defaultLayer = current === this.defaultLayer ? 0 : current;
    } else if (code === PF_SWAP) {
      this.setProfile(this.profile() ? 0 : this.eeprom.u8(At.lastNonDefaultProfile));
    } else if (code === PF_NEXT) this.setProfile((this.profile() + 1) % P);
  }

  private unregister(code: number): void {
    if (code >= MO_MIN && code <= MO_MAX) this.layerMask &= ~(1 << (code - MO_MIN));
  }

  /** layout_set_profile: out of range is ignored; the last profile other than the first is kept for PF_SWAP. */
  private setProfile(profile: number): void {
    if (profile >= P) return;
    if (!this.eeprom.write(At.currentProfile, [profile])) return;
    if (profile !== 0) this.eeprom.write(At.lastNonDefaultProfile, [profile]);
  }
}
