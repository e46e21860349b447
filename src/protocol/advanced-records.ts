/**
 * The advanced-key records on the wire: the function info (capacities and used-slot bitmaps of every list) and one
 * fixed record layout per kind (DKS, shortcut, macro, snap-tap, hyper-tap), each list an object holding its capacity of
 * records back to back. Travel is in 0.01 mm units.
 */
import type { AdvancedType } from '../core/advanced-keys.ts';
import { NAME_BYTES } from './names.ts';
import { array, layout, str, u16, u16s, u32, u8, u8s } from './struct.ts';

export const DKS_ROWS = 8;
export const SHORTCUT_KEYS = 6;
export const MACRO_EVENTS = 80;

export interface FuncInfo {
  dksCap: number;
  shortcutCap: number;
  macroCap: number;
  snaptapCap: number;
  hypertapCap: number;
  dksSlots: number;
  macroMaxEvents: number;
  /** 0.01 mm. */
  dksMaxTrigger: number;
  dksUsed: number;
  shortcutUsed: number;
  macroUsed: number;
  snaptapUsed: number;
  hypertapUsed: number;
}
export const FuncInfoLayout = layout<FuncInfo>([
  ['dksCap', u8],
  ['shortcutCap', u8],
  ['macroCap', u8],
  ['snaptapCap', u8],
  ['hypertapCap', u8],
  ['dksSlots', u8],
  ['macroMaxEvents', u8],
  ['dksMaxTrigger', u16],
  ['dksUsed', u32],
  ['shortcutUsed', u32],
  ['macroUsed', u32],
  ['snaptapUsed', u32],
  ['hypertapUsed', u32],
]);

/** One DKS row: the key code and its four stages (bit 7 visible, bits 0-2 useID 0-4). */
export interface DksRow {
  code: number;
  stages: number[];
}
export const DksRowLayout = layout<DksRow>([
  ['code', u16],
  ['stages', u8s(4)],
]);
export interface DksRecord {
  used: number;
  topLevel: number;
  bottomLevel: number;
  tickType: number;
  tickMin: number;
  tickMax: number;
  name: string;
  rows: DksRow[];
}
export const DksRecordLayout = layout<DksRecord>([
  ['used', u8],
  ['topLevel', u16],
  ['bottomLevel', u16],
  ['tickType', u8],
  ['tickMin', u8],
  ['tickMax', u8],
  ['name', str(NAME_BYTES)],
  ['rows', array(DksRowLayout, DKS_ROWS)],
]);

export interface ShortcutRecord {
  used: number;
  scType: number;
  keyCount: number;
  holdTime: number;
  name: string;
  keys: number[];
}
export const ShortcutRecordLayout = layout<ShortcutRecord>([
  ['used', u8],
  ['scType', u8],
  ['keyCount', u8],
  ['holdTime', u16],
  ['name', str(NAME_BYTES)],
  ['keys', u16s(SHORTCUT_KEYS)],
]);

/** A macro event: key code, flags bit0 = key down, delay in ms after it. */
export interface MacroEvent {
  code: number;
  flags: number;
  delay: number;
}
export const MacroEventLayout = layout<MacroEvent>([
  ['code', u16],
  ['flags', u8],
  ['delay', u16],
]);
export interface MacroRecord {
  used: number;
  name: string;
  delayType: number;
  delayMin: number;
  delayMax: number;
  repeat: number;
  triggerType: number;
  triggerDelay: number;
  count: number;
  events: MacroEvent[];
}
export const MacroRecordLayout = layout<MacroRecord>([
  ['used', u8],
  ['name', str(NAME_BYTES)],
  ['delayType', u8],
  ['delayMin', u16],
  ['delayMax', u16],
  ['repeat', u16],
  ['triggerType', u8],
  ['triggerDelay', u16],
  ['count', u8],
  ['events', array(MacroEventLayout, MACRO_EVENTS)],
]);

export interface SnaptapRecord {
  used: number;
  keyA: number;
  keyB: number;
  /** 0 last input wins, 1 first input wins, 2 neutral. */
  mode: number;
}
export const SnaptapRecordLayout = layout<SnaptapRecord>([
  ['used', u8],
  ['keyA', u8],
  ['keyB', u8],
  ['mode', u8],
]);

export interface HypertapRecord {
  used: number;
  keyA: number;
  /** 0: `second` is a key id; 1 (older firmware): `second` is a key code descriptor. */
  secondKind: number;
  second: number;
}
export const HypertapRecordLayout = layout<HypertapRecord>([
  ['used', u8],
  ['keyA', u8],
  ['secondKind', u8],
  ['second', u16],
]);

/** The record layout of each advanced-key list; the object of the same name holds its capacity of them back to back. */
export const ADVANCED_RECORD_LAYOUTS = {
  dks: DksRecordLayout,
  shortcut: ShortcutRecordLayout,
  macro: MacroRecordLayout,
  snaptap: SnaptapRecordLayout,
  hypertap: HypertapRecordLayout,
} as const satisfies Record<AdvancedType, { size: number }>;

/** Slots of each list, as both the descriptor and the function info carry them. */
export type AdvancedCapacities = Pick<FuncInfo, 'dksCap' | 'shortcutCap' | 'macroCap' | 'snaptapCap' | 'hypertapCap'>;

export function advancedCapacity(caps: AdvancedCapacities, list: AdvancedType): number {
  return {
    dks: caps.dksCap,
    shortcut: caps.shortcutCap,
    macro: caps.macroCap,
    snaptap: caps.snaptapCap,
    hypertap: caps.hypertapCap,
  }[list];
}

/** The function info's bitmap of used slots of one list. */
export function advancedUsedBitmap(info: FuncInfo, list: AdvancedType): number {
  return {
    dks: info.dksUsed,
    shortcut: info.shortcutUsed,
    macro: info.macroUsed,
    snaptap: info.snaptapUsed,
    hypertap: info.hypertapUsed,
  }[list];
}
