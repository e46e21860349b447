/**
 * One request in, the reply written into the keyboard's single output buffer, as the firmware's command_process does:
 * only the fields of the command are written (the rest is left from earlier replies), arguments are checked where
 * the firmware checks them and nowhere else, and a refusal or a failed flash write answers 0xFF.
 */
import { At, type Eeprom, le } from './eeprom.ts';
import { HE60_SHAPE } from './he60.ts';
import type { Matrix } from './matrix.ts';
import { Capacity, Command, Size, UNKNOWN_COMMAND, type SimVersion } from './wire.ts';

const { profiles: P, layers: L, keys: N, advancedKeys: A } = HE60_SHAPE;

export interface CommandTarget {
  readonly version: SimVersion;
  readonly eeprom: Eeprom;
  readonly matrix: Matrix;
  readonly metadata: Uint8Array;
  readonly serial: string;
  /** The keyboard resets (no answer) or enters its bootloader (no answer, then deaf). */
  reboot(): void;
  enterBootloader(): void;
  /** matrix_recalibrate(true): blocks for the calibration time before the reply goes out. */
  recalibrate(): Promise<void>;
}

class Refused extends Error {}
const verify = (ok: boolean): void => {
  if (!ok) throw new Refused();
};

/** Handles one request; false when the keyboard sends no reply at all. */
export async function processCommand(t: CommandTarget, inp: Uint8Array, out: Uint8Array): Promise<boolean> {
  const id = inp[0]!;
  const e = t.eeprom;
  const u16 = (at: number): number => inp[at]! | (inp[at + 1]! << 8);
  let ok = true;
  try {
    switch (id) {
      case Command.FIRMWARE_VERSION:
        out.set(le(t.version, 2), 1);
        break;
      case Command.REBOOT:
        t.reboot();
        return false;
      case Command.BOOTLOADER:
        t.enterBootloader();
        return false;
      case Command.FACTORY_RESET:
        ok = e.reset();
        break;
      case Command.RECALIBRATE:
        await t.recalibrate();
        break;
      case Command.ANALOG_INFO: {
        const offset = inp[1]!;
        verify(offset < N);
        for (let i = 0; i < Capacity.analogInfo && offset + i < N; i++) {
          const key = t.matrix.keys[offset + i]!;
          out.set([...le(key.adc, 2), key.distance], 1 + i * 3);
        }
        break;
      }
      case Command.GET_CALIBRATION:
        out.set(e.read(At.calibration, 4), 1);
        break;
      case Command.SET_CALIBRATION:
        ok = e.write(At.calibration, inp.subarray(1, 5));
        break;
      case Command.GET_PROFILE:
        out[1] = e.u8(At.currentProfile);
        break;
      case Command.GET_OPTIONS:
        out.set(e.read(At.options, 2), 1);
        break;
      case Command.SET_OPTIONS:
        ok = e.write(At.options, inp.subarray(1, 3));
        break;
      case Command.RESET_PROFILE:
        verify(inp[1]! < P);
        ok = e.resetProfile(inp[1]!);
        break;
      case Command.DUPLICATE_PROFILE:
        verify(inp[1]! < P);
        verify(inp[2]! < P);
        ok = e.write(At.profile(inp[1]!), e.read(At.profile(inp[2]!), At.profile(1) - At.profile(0)));
        break;
      case Command.GET_METADATA: {
        const offset = (u16(1) | (u16(3) << 16)) >>> 0;
        verify(offset < t.metadata.length);
        const left = t.metadata.length - offset;
        out.set(le(left, 4), 1);
        out.set(t.metadata.subarray(offset, offset + Math.min(Capacity.metadata, left)), 5);
        break;
      }
      case Command.GET_SERIAL: {
        out.fill(0, 1, 1 + Capacity.serial);
        out.set(
          [...t.serial].map((c) => c.charCodeAt(0)),
          1,
        );
        break;
      }
      case Command.SAVE_CALIBRATION_THRESHOLD:
        // Firmware 1.7 brought this command; older firmware does not know it.
        verify(t.version >= 0x0107);
        ok = e.write(
          At.bottomOutThreshold,
          t.matrix.thresholds().flatMap((v) => le(v, 2)),
        );
        break;
      case Command.GET_KEYMAP: {
        const [profile, layer, offset] = [inp[1]!, inp[2]!, inp[3]!];
        verify(profile < P && layer < L && offset < N);
        out.set(e.read(At.keymap(profile, layer) + offset, Math.min(Capacity.keymapOut, N - offset)), 1);
        break;
      }
      case Command.SET_KEYMAP: {
        const [profile, layer, offset, len] = [inp[1]!, inp[2]!, inp[3]!, inp[4]!];
        verify(profile < P && layer < L && offset < N && len <= Capacity.keymapIn && len <= N - offset);
        ok = e.write(At.keymap(profile, layer) + offset, inp.subarray(5, 5 + len));
        break;
      }
      case Command.GET_ACTUATION_MAP:
      case Command.GET_ADVANCED_KEYS:
      case Command.GET_GAMEPAD_BUTTONS: {
        const { at, count, size, capacity } = list(id);
        const [profile, offset] = [inp[1]!, inp[2]!];
        verify(profile < P && offset < count);
        out.set(e.read(at(profile) + offset * size, Math.min(capacity.out, count - offset) * size), 1);
        break;
      }
      case Command.SET_ACTUATION_MAP:
      case Command.SET_ADVANCED_KEYS:
      case Command.SET_GAMEPAD_BUTTONS: {
        const { at, count, size, capacity } = list(id);
        const [profile, offset, len] = [inp[1]!, inp[2]!, inp[3]!];
        verify(profile < P && offset < count && len <= capacity.in && len <= count - offset);
        ok = e.write(at(profile) + offset * size, inp.subarray(4, 4 + len * size));
        break;
      }
      case Command.GET_TICK_RATE:
        verify(inp[1]! < P);
        out[1] = e.u8(At.tickRate(inp[1]!));
        break;
      case Command.SET_TICK_RATE:
        verify(inp[1]! < P);
        ok = e.write(At.tickRate(inp[1]!), [inp[2]!]);
        break;
      case Command.GET_GAMEPAD_OPTIONS:
        verify(inp[1]! < P);
        out.set(e.read(At.gamepadOptions(inp[1]!), Size.gamepadOptions), 1);
        break;
      case Command.SET_GAMEPAD_OPTIONS:
        verify(inp[1]! < P);
        ok = e.write(At.gamepadOptions(inp[1]!), inp.subarray(2, 2 + Size.gamepadOptions));
        break;
      default:
        ok = false;
    }
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    ok = false;
  }
  out[0] = ok ? id : UNKNOWN_COMMAND;
  return true;
}

/** The per-profile lists addressed by offset and length, without a layer. */
function list(id: number) {
  switch (id) {
    case Command.GET_ACTUATION_MAP:
    case Command.SET_ACTUATION_MAP:
      return {
        at: At.actuation,
        count: N,
        size: Size.actuation,
        capacity: { in: Capacity.actuation, out: Capacity.actuation },
      };
    case Command.GET_ADVANCED_KEYS:
    case Command.SET_ADVANCED_KEYS:
      return {
        at: At.advancedKeys,
        count: A,
        size: Size.advancedKey,
        capacity: { in: Capacity.advancedKeys, out: Capacity.advancedKeys },
      };
    default:
      return {
        at: At.gamepadButtons,
        count: N,
        size: 1,
        capacity: { in: Capacity.gamepadButtonsIn, out: Capacity.gamepadButtonsOut },
      };
  }
}
