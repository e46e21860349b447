/**
 * What the firmware accepts on commit. Each check answers the reason of a refusal, or undefined when the value is
 * acceptable; a refused write changes nothing. The same checks vet a flash image on restore.
 */
import { SHORTCUT_TYPE } from '../core/advanced-keys.ts';
import { lightingSpeedMax } from '../core/capabilities.ts';
import { fieldSize, type Layout } from '../protocol/struct.ts';
import {
  AMBIENT_MODES,
  LAYERS,
  LIGHT_MODES,
  NAME_BYTES,
  OUTER_FRAME_MODES,
  PALETTE_SIZE,
  PERF_FLAG,
  THEME_SLOTS,
  type Ambient,
  type CalibrationKey,
  type Lighting,
  type OuterFrame,
  type PerfKey,
  type Settings,
  type Themes,
} from '../protocol/objects.ts';
import {
  MACRO_EVENTS,
  SHORTCUT_KEYS,
  type DksRecord,
  type HypertapRecord,
  type MacroRecord,
  type ShortcutRecord,
  type SnaptapRecord,
} from '../protocol/advanced-records.ts';
import type { Profile } from './schema.ts';
import { ADC_MAX, type Traits } from './traits.ts';

export type Check = string | undefined;

const SHORTCUT_TYPES: readonly number[] = Object.values(SHORTCUT_TYPE);
const flag = (v: number): boolean => v === 0 || v === 1;
const firstFailure = <T>(items: readonly T[], check: (item: T, index: number) => Check): Check => {
  for (let i = 0; i < items.length; i++) {
    const reason = check(items[i]!, i);
    if (reason) return `#${i}: ${reason}`;
  }
  return undefined;
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** True when every text field of the record at `at` is valid UTF-8 up to its first zero byte. */
export function textFieldsValid(layout: Layout<unknown>, bytes: Uint8Array, at = 0): boolean {
  let pos = at;
  for (const [, field] of layout.fields) {
    if (field.t === 'str') {
      const raw = bytes.subarray(pos, pos + field.bytes);
      const end = raw.indexOf(0);
      try {
        strictUtf8.decode(end < 0 ? raw : raw.subarray(0, end));
      } catch {
        return false;
      }
    } else if (field.t === 'array') {
      for (let i = 0; i < field.count; i++)
        if (!textFieldsValid(field.of, bytes, pos + i * field.of.size)) return false;
    }
    pos += fieldSize(field);
  }
  return true;
}

const encoder = new TextEncoder();
export function checkName(name: string): Check {
  return encoder.encode(name).length > NAME_BYTES ? `name longer than ${NAME_BYTES} bytes` : undefined;
}

export function checkThemes(themes: Themes): Check {
  if (themes.count !== THEME_SLOTS) return `theme count ${themes.count} is fixed at ${THEME_SLOTS}`;
  if (themes.current >= themes.count) return `current theme ${themes.current} out of range`;
  return undefined;
}

export function checkSettings(s: Settings): Check {
  if (!flag(s.useNKey) || !flag(s.useSleep) || !flag(s.autoCalibration)) return 'switch values must be 0 or 1';
  if (s.sleepTime < 1 || s.sleepTime > 60) return `sleep time ${s.sleepTime} outside 1-60 minutes`;
  if (s.reportRate > 2) return `report rate index ${s.reportRate} unknown`;
  return undefined;
}

function checkLight(light: number, speed: number, traits: Traits): Check {
  if (light > traits.lightMax) return `light ${light} above ${traits.lightMax}`;
  if (speed > lightingSpeedMax(light)) return `speed ${speed} above a third of light ${light}`;
  return undefined;
}

export function checkLighting(l: Lighting, traits: Traits): Check {
  if (!flag(l.lightSwitch)) return 'light switch must be 0 or 1';
  if (l.modeIndex >= LIGHT_MODES) return `mode ${l.modeIndex} out of range`;
  if (l.colourIndex >= PALETTE_SIZE) return `colour ${l.colourIndex} out of range`;
  return firstFailure(l.modes, (m) => {
    if (!flag(m.direction) || !flag(m.random) || !flag(m.randomByPress)) return 'mode switches must be 0 or 1';
    if (m.min > m.max) return 'brightness min above max';
    return checkLight(m.light, m.speed, traits);
  });
}

export function checkOuterFrame(o: OuterFrame): Check {
  if (!flag(o.frameSwitch)) return 'frame switch must be 0 or 1';
  if (o.index >= OUTER_FRAME_MODES) return `frame mode ${o.index} out of range`;
  if (o.size > OUTER_FRAME_MODES) return `frame size ${o.size} above ${OUTER_FRAME_MODES}`;
  return undefined;
}

export function checkAmbient(a: Ambient, traits: Traits): Check {
  if (!flag(a.ambientSwitch)) return 'ambient switch must be 0 or 1';
  if (a.modeCount < 1 || a.modeCount > AMBIENT_MODES) return `ambient mode count ${a.modeCount} out of range`;
  if (a.modeIndex >= a.modeCount) return `ambient mode ${a.modeIndex} out of range`;
  if (a.colourCount > PALETTE_SIZE || a.colourIndex >= Math.max(1, a.colourCount)) return 'ambient colour out of range';
  if (a.subtype > 3) return `ambient subtype ${a.subtype} unknown`;
  return firstFailure(a.modes, (m) => checkLight(m.light, m.speed, traits));
}

function checkPerfKey(p: PerfKey, traits: Traits): Check {
  const spec = traits.switches[p.switchType - 1];
  if (!spec) return `switch type ${p.switchType} unknown`;
  if (p.trigger < spec.minTrigger || p.trigger > spec.maxTrigger)
    return `trigger ${p.trigger} outside ${spec.minTrigger}-${spec.maxTrigger}`;
  if (p.dead > spec.maxDead) return `dead zone ${p.dead} above ${spec.maxDead}`;
  for (const rapid of [p.rapidPress, p.rapidRelease])
    if (rapid < spec.minRapid || rapid > spec.maxRapid)
      return `rapid travel ${rapid} outside ${spec.minRapid}-${spec.maxRapid}`;
  if ((p.flags & PERF_FLAG.sensitivityMask) >> PERF_FLAG.sensitivityShift > 2) return 'sensitivity above 2';
  if (p.flags & 0xc0) return 'unknown performance flags';
  return undefined;
}

export function checkPerf(perf: readonly PerfKey[], traits: Traits): Check {
  return firstFailure(perf, (p) => checkPerfKey(p, traits));
}

const stageValid = (b: number): boolean => (b & 0x78) === 0 && (b & 0x07) <= 4;

export function checkDks(list: readonly DksRecord[], traits: Traits): Check {
  return firstFailure(list, (d) => {
    if (!flag(d.used)) return 'used must be 0 or 1';
    if (!d.used) return undefined;
    if (d.topLevel >= d.bottomLevel) return 'top level must be above the bottom level';
    if (d.bottomLevel > traits.dksMaxTrigger) return `bottom level above ${traits.dksMaxTrigger}`;
    if (d.tickMin > d.tickMax) return 'tick min above tick max';
    return firstFailure(d.rows, (row, i) => {
      if (!row.stages.every(stageValid)) return 'invalid stage byte';
      if (i >= traits.dksSlots && (row.code !== 0 || row.stages.some((s) => s !== 0)))
        return `only ${traits.dksSlots} slots on this firmware`;
      return undefined;
    });
  });
}

export function checkShortcut(list: readonly ShortcutRecord[]): Check {
  return firstFailure(list, (s) => {
    if (!flag(s.used)) return 'used must be 0 or 1';
    if (!s.used) return undefined;
    if (!SHORTCUT_TYPES.includes(s.scType)) return `shortcut type ${s.scType} unknown`;
    if (s.keyCount < 1 || s.keyCount > SHORTCUT_KEYS) return `key count ${s.keyCount} outside 1-${SHORTCUT_KEYS}`;
    return undefined;
  });
}

export function checkMacro(list: readonly MacroRecord[], traits: Traits): Check {
  return firstFailure(list, (m) => {
    if (!flag(m.used)) return 'used must be 0 or 1';
    if (m.count > Math.min(MACRO_EVENTS, traits.macroMaxEvents)) return `${m.count} events above the maximum`;
    if (m.used && m.delayMin > m.delayMax) return 'delay min above delay max';
    return undefined;
  });
}

export function checkSnaptap(list: readonly SnaptapRecord[], traits: Traits): Check {
  const taken = new Set<number>();
  return firstFailure(list, (s) => {
    if (!flag(s.used)) return 'used must be 0 or 1';
    if (!s.used) return undefined;
    if (s.keyA >= traits.keyCount || s.keyB >= traits.keyCount) return 'key id out of range';
    if (s.keyA === s.keyB || taken.has(s.keyA) || taken.has(s.keyB)) return 'snap-tap keys must be distinct';
    if (s.mode > 2) return `snap-tap mode ${s.mode} unknown`;
    taken.add(s.keyA).add(s.keyB);
    return undefined;
  });
}

export function checkHypertap(list: readonly HypertapRecord[], traits: Traits): Check {
  return firstFailure(list, (h) => {
    if (!flag(h.used) || !flag(h.secondKind)) return 'used and second kind must be 0 or 1';
    if (!h.used) return undefined;
    if (h.keyA >= traits.keyCount) return 'key id out of range';
    if (h.secondKind === 0 && (h.second >= traits.keyCount || h.second === h.keyA)) return 'second key id invalid';
    return undefined;
  });
}

export function checkCalibration(state: number, keys: readonly CalibrationKey[]): Check {
  if (state > 2) return `calibration state ${state} unknown`;
  return firstFailure(keys, (k) => (k.min > k.max || k.max > ADC_MAX ? 'calibration range invalid' : undefined));
}

function checkLength(what: string, actual: number, expected: number): Check {
  return actual === expected ? undefined : `${what}: ${actual} entries, expected ${expected}`;
}

/** Every rule a profile must meet, including the list lengths the wire layouts rely on (used on restore). */
export function checkProfile(p: Profile, traits: Traits): Check {
  const n = traits.keyCount;
  const { capacity } = traits;
  return (
    checkName(p.name) ??
    checkLength('layers', p.keymap.length, LAYERS) ??
    firstFailure(p.keymap, (layer) => checkLength('keymap layer', layer.length, n)) ??
    checkLength('colours', p.colours.length, n) ??
    checkLength('perf', p.perf.length, n) ??
    checkLength('light modes', p.lighting.modes.length, LIGHT_MODES) ??
    checkLength('palette', p.lighting.palette.length, PALETTE_SIZE) ??
    checkLength('frame items', p.outerFrame.items.length, OUTER_FRAME_MODES) ??
    checkLength('ambient modes', p.ambient.modes.length, AMBIENT_MODES) ??
    checkLength('dks', p.dks.length, capacity.dks) ??
    checkLength('shortcut', p.shortcut.length, capacity.shortcut) ??
    checkLength('macro', p.macro.length, capacity.macro) ??
    checkLength('snaptap', p.snaptap.length, capacity.snaptap) ??
    checkLength('hypertap', p.hypertap.length, capacity.hypertap) ??
    firstFailure(p.dks, (d) => checkName(d.name) ?? checkLength('dks rows', d.rows.length, 8)) ??
    firstFailure(p.dks, (d) => firstFailure(d.rows, (r) => checkLength('stages', r.stages.length, 4))) ??
    firstFailure(p.shortcut, (s) => checkName(s.name) ?? checkLength('keys', s.keys.length, SHORTCUT_KEYS)) ??
    firstFailure(p.macro, (m) => checkName(m.name) ?? checkLength('events', m.events.length, MACRO_EVENTS)) ??
    checkLighting(p.lighting, traits) ??
    checkOuterFrame(p.outerFrame) ??
    checkAmbient(p.ambient, traits) ??
    checkPerf(p.perf, traits) ??
    (flag(p.rapidComplete) ? undefined : 'rapid-complete must be 0 or 1') ??
    checkDks(p.dks, traits) ??
    checkShortcut(p.shortcut) ??
    checkMacro(p.macro, traits) ??
    checkSnaptap(p.snaptap, traits) ??
    checkHypertap(p.hypertap, traits)
  );
}
