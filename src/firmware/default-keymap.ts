/**
 * Factory key map of a virtual device: layer 0 walks a full-size ANSI board row by row so every key id gets a
 * plausible, distinct key code; layer 1 puts F1-F12 on the number row as an Fn layer would; layers 2 and 3 are empty.
 * A model's real layout (drawing order) is not known here, so the codes follow key ids, not key positions.
 */
import { KEYCODE_KIND, makeKeycode } from '../core/keycode-space.ts';
import { DEV_TYPE, type ModelInfo } from '../core/models.ts';
import { LAYERS } from '../protocol/objects.ts';

// prettier-ignore
const ANSI_ORDER: readonly number[] = [
  0x29, 0x1e, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2d, 0x2e, 0x2a, // Esc 1-0 - = Backspace
  0x2b, 0x14, 0x1a, 0x08, 0x15, 0x17, 0x1c, 0x18, 0x0c, 0x12, 0x13, 0x2f, 0x30, 0x31, // Tab q-p [ ] \
  0x39, 0x04, 0x16, 0x07, 0x09, 0x0a, 0x0b, 0x0d, 0x0e, 0x0f, 0x33, 0x34, 0x28, // Caps a-l ; ' Enter
  0xe1, 0x1d, 0x1b, 0x06, 0x19, 0x05, 0x11, 0x10, 0x36, 0x37, 0x38, 0xe5, 0x52, // Shift z-m , . / Shift Up
  0xe0, 0xe3, 0xe2, 0x2c, 0xe6, 0xe4, 0x50, 0x51, 0x4f, // Ctrl Gui Alt Space Alt Ctrl Left Down Right
  0x4c, 0x4a, 0x4d, 0x4b, 0x4e, 0x49, // Delete Home End PgUp PgDn Insert
  0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, // F1-F12
  0x46, 0x47, 0x48, // PrintScreen ScrollLock Pause
  0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x60, 0x61, 0x62, 0x63, // keypad
];

const F1 = 0x3a;
const NUMBER_ROW = { first: 1, count: 12 };

export function fallbackKeymap(model: ModelInfo): number[][] {
  const n = model.keyCount;
  const layers = Array.from({ length: LAYERS }, () => new Array<number>(n).fill(0));
  if (model.devType === DEV_TYPE.mouse) {
    // Mouse buttons 1-5 and a wheel click stand-in: left, right, middle, back, forward, then button 6.
    for (let id = 0; id < n; id++) layers[0]![id] = makeKeycode(KEYCODE_KIND.mouse, id + 1);
    return layers;
  }
  for (let id = 0; id < n; id++) {
    layers[0]![id] = makeKeycode(KEYCODE_KIND.hid, ANSI_ORDER[id] ?? 0);
    const fn = id - NUMBER_ROW.first;
    if (fn >= 0 && fn < NUMBER_ROW.count) layers[1]![id] = makeKeycode(KEYCODE_KIND.hid, F1 + fn);
  }
  return layers;
}
