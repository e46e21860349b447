/**
 * The contract between the UI (and every other client: the desktop bridge, the command line, tests) and the device
 * service: every call of both spec call tables and our own, and every event with its payload type. Declared once,
 * area by area (areas/*.ts); the rest derives from this: the service's handler registration and argument parsing
 * (service.ts), the typed client (client.ts), the call routes the page loads without zod (routes.ts, generated and
 * checked by a test) and the call tables of docs/bridge-api.md (generated and checked by a test).
 */
import { advancedCalls, type AdvancedEvents } from './areas/advanced.ts';
import { appCalls, type AppEvents } from './areas/app.ts';
import { firmwareCalls, type FirmwareEvents } from './areas/firmware.ts';
import { keymapCalls, type KeymapEvents } from './areas/keymap.ts';
import { lightingCalls, type LightingEvents } from './areas/lighting.ts';
import { performanceCalls, type PerformanceEvents } from './areas/performance.ts';
import { settingsCalls, type SettingsEvents } from './areas/settings.ts';
import { themeCalls, type ThemeEvents } from './areas/theme.ts';
import { libhmkCalls, type LibhmkEvents } from './areas/libhmk.ts';
import { viaCalls, type ViaEvents } from './areas/via.ts';
import { reportCalls } from './areas/report.ts';
import { backupCalls, type BackupEvents } from './areas/backup.ts';
import type { EventName } from './bridge.ts';
import type { AnswerOf, ArgsIn, ArgsOut } from './define.ts';

export const CALLS = {
  ...appCalls,
  ...keymapCalls,
  ...advancedCalls,
  ...lightingCalls,
  ...performanceCalls,
  ...settingsCalls,
  ...themeCalls,
  ...firmwareCalls,
  ...libhmkCalls,
  ...viaCalls,
  ...reportCalls,
  ...backupCalls,
};

export type Calls = typeof CALLS;
export type CallName = keyof Calls;
/** The arguments a client passes to a call. */
export type CallArgs<K extends CallName> = ArgsIn<Calls[K]>;
/** The arguments a handler receives: parsed, checked, defaults applied. */
export type ParsedArgs<K extends CallName> = ArgsOut<Calls[K]>;
/** What a call answers. */
export type CallAnswer<K extends CallName> = AnswerOf<Calls[K]>;

/** Every event and its payload. */
export interface EventPayloads
  extends
    AppEvents,
    KeymapEvents,
    AdvancedEvents,
    LightingEvents,
    PerformanceEvents,
    SettingsEvents,
    ThemeEvents,
    FirmwareEvents,
    LibhmkEvents,
    ViaEvents,
    BackupEvents {}

// Every event name of the wire has a payload type here, and nothing else does.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyEventTyped: Exact<keyof EventPayloads, EventName> = true;
void everyEventTyped;
