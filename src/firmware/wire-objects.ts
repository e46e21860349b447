/**
 * Each addressable object of the registry as the firmware sees it: how the current state encodes to the wire, and how
 * a complete written object is vetted and committed. A commit either applies the whole object or nothing.
 */
import type { AdvancedType } from '../core/advanced-keys.ts';
import {
  AmbientLayout,
  CalibrationKeyLayout,
  DescriptorLayout,
  LAYERS,
  LightingLayout,
  OuterFrameLayout,
  PerfKeyLayout,
  RgbLayout,
  SettingsLayout,
  StatusLayout,
  SwitchSpecLayout,
  ThemesLayout,
  type CalibrationKey,
  type Descriptor,
  type Status,
} from '../protocol/objects.ts';
import {
  DksRecordLayout,
  FuncInfoLayout,
  HypertapRecordLayout,
  MacroRecordLayout,
  ShortcutRecordLayout,
  SnaptapRecordLayout,
} from '../protocol/advanced-records.ts';
import { decodeU16List, encodeU16List, type ObjectName } from '../protocol/registry.ts';
import { decodeList, encodeList, type Layout } from '../protocol/struct.ts';
import type { FlashState, Profile } from './schema.ts';
import type { Traits } from './traits.ts';
import {
  checkAmbient,
  checkCalibration,
  checkDks,
  checkHypertap,
  checkLighting,
  checkMacro,
  checkOuterFrame,
  checkPerf,
  checkSettings,
  checkShortcut,
  checkSnaptap,
  checkThemes,
  textFieldsValid,
  type Check,
} from './validate.ts';

/** What an object needs from the device it lives in. */
export interface ObjectHost {
  readonly state: FlashState;
  readonly traits: Traits;
  profile(): Profile;
  descriptor(): Descriptor;
  status(): Status;
  liveAdc(): number[];
  /** Calibration writes drive the calibration state machine rather than overwrite it. */
  writeCalibration(state: number, keys: CalibrationKey[]): void;
}

export interface ObjectCodec {
  encode(host: ObjectHost): Uint8Array;
  /** Vets the whole object as it would be after the write and commits it; answers the reason of a refusal. */
  commit?(host: ObjectHost, bytes: Uint8Array): Check;
}

const readOnly = (encode: (host: ObjectHost) => Uint8Array): ObjectCodec => ({ encode });

function record<T>(
  layout: Layout<T>,
  get: (host: ObjectHost) => T,
  check: (value: T, host: ObjectHost) => Check,
  set: (value: T, host: ObjectHost) => void,
): ObjectCodec {
  return {
    encode: (host) => layout.encode(get(host)),
    commit(host, bytes) {
      if (!textFieldsValid(layout as Layout<unknown>, bytes)) return 'text is not valid UTF-8';
      const value = layout.decode(bytes);
      const reason = check(value, host);
      if (reason === undefined) set(value, host);
      return reason;
    },
  };
}

function list<K extends AdvancedType>(
  key: K,
  layout: Layout<Profile[K][number]>,
  check: (value: Profile[K], traits: Traits) => Check,
): ObjectCodec {
  return {
    encode: (host) => encodeList(layout, host.profile()[key]),
    commit(host, bytes) {
      const count = host.traits.capacity[key];
      for (let i = 0; i < count; i++)
        if (!textFieldsValid(layout as Layout<unknown>, bytes, i * layout.size)) return 'text is not valid UTF-8';
      const value = decodeList(layout, bytes, count) as Profile[K];
      const reason = check(value, host.traits);
      if (reason === undefined) host.profile()[key] = value;
      return reason;
    },
  };
}

function usedBits(items: readonly { used: number }[]): number {
  return items.reduce((bits, item, i) => (item.used && i < 32 ? (bits | (1 << i)) >>> 0 : bits), 0);
}

export const WIRE_OBJECTS: Readonly<Record<ObjectName, ObjectCodec>> = {
  descriptor: readOnly((h) => DescriptorLayout.encode(h.descriptor())),
  status: readOnly((h) => StatusLayout.encode(h.status())),
  themes: record(
    ThemesLayout,
    (h) => ({
      current: h.state.currentTheme,
      count: h.state.profiles.length,
      names: h.state.profiles.map((p) => ({ name: p.name })),
    }),
    (v) => checkThemes(v),
    (v, h) => {
      h.state.currentTheme = v.current;
      v.names.forEach((n, slot) => {
        const profile = h.state.profiles[slot];
        if (profile) profile.name = n.name;
      });
    },
  ),
  settings: record(
    SettingsLayout,
    (h) => h.state.settings,
    (v) => checkSettings(v),
    (v, h) => {
      h.state.settings = v;
    },
  ),
  keymap: {
    encode: (h) => encodeU16List(h.profile().keymap.flat()),
    commit(h, bytes) {
      const codes = decodeU16List(bytes);
      const n = h.traits.keyCount;
      h.profile().keymap = Array.from({ length: LAYERS }, (_, layer) => codes.slice(layer * n, layer * n + n));
      return undefined;
    },
  },
  colours: {
    encode: (h) => encodeList(RgbLayout, h.profile().colours),
    commit(h, bytes) {
      h.profile().colours = decodeList(RgbLayout, bytes, h.traits.keyCount);
      return undefined;
    },
  },
  lighting: record(
    LightingLayout,
    (h) => h.profile().lighting,
    (v, h) => checkLighting(v, h.traits),
    (v, h) => {
      h.profile().lighting = v;
    },
  ),
  funcInfo: readOnly((h) => {
    const p = h.profile();
    const t = h.traits;
    return FuncInfoLayout.encode({
      dksCap: t.capacity.dks,
      shortcutCap: t.capacity.shortcut,
      macroCap: t.capacity.macro,
      snaptapCap: t.capacity.snaptap,
      hypertapCap: t.capacity.hypertap,
      dksSlots: t.dksSlots,
      macroMaxEvents: t.macroMaxEvents,
      dksMaxTrigger: t.dksMaxTrigger,
      dksUsed: usedBits(p.dks),
      shortcutUsed: usedBits(p.shortcut),
      macroUsed: usedBits(p.macro),
      snaptapUsed: usedBits(p.snaptap),
      hypertapUsed: usedBits(p.hypertap),
    });
  }),
  dks: list('dks', DksRecordLayout, checkDks),
  shortcut: list('shortcut', ShortcutRecordLayout, (v) => checkShortcut(v)),
  macro: list('macro', MacroRecordLayout, checkMacro),
  snaptap: list('snaptap', SnaptapRecordLayout, checkSnaptap),
  hypertap: list('hypertap', HypertapRecordLayout, checkHypertap),
  outerFrame: record(
    OuterFrameLayout,
    (h) => h.profile().outerFrame,
    (v) => checkOuterFrame(v),
    (v, h) => {
      h.profile().outerFrame = v;
    },
  ),
  perf: {
    encode: (h) => encodeList(PerfKeyLayout, h.profile().perf),
    commit(h, bytes) {
      const value = decodeList(PerfKeyLayout, bytes, h.traits.keyCount);
      const reason = checkPerf(value, h.traits);
      if (reason === undefined) h.profile().perf = value;
      return reason;
    },
  },
  switches: readOnly((h) => encodeList(SwitchSpecLayout, h.traits.switches)),
  calibration: {
    encode: (h) => {
      const keys = encodeList(CalibrationKeyLayout, h.state.calibration.keys);
      const out = new Uint8Array(1 + keys.length);
      out[0] = h.state.calibration.state;
      out.set(keys, 1);
      return out;
    },
    commit(h, bytes) {
      const state = bytes[0] ?? 0;
      const keys = decodeList(CalibrationKeyLayout, bytes.subarray(1), h.traits.keyCount);
      const reason = checkCalibration(state, keys);
      if (reason === undefined) h.writeCalibration(state, keys);
      return reason;
    },
  },
  adc: readOnly((h) => encodeU16List(h.liveAdc())),
  rapidComplete: {
    encode: (h) => new Uint8Array([h.profile().rapidComplete]),
    commit(h, bytes) {
      const value = bytes[0] ?? 0;
      if (value > 1) return 'rapid-complete must be 0 or 1';
      h.profile().rapidComplete = value;
      return undefined;
    },
  },
  ambient: record(
    AmbientLayout,
    (h) => h.profile().ambient,
    (v, h) => checkAmbient(v, h.traits),
    (v, h) => {
      h.profile().ambient = v;
    },
  ),
};
