/**
 * dev_info device settings calls (spec-2 §7): get_setting_data, set_setting_info, and init_opt_list with the
 * keyboard_info description that goes with it. A settings change writes only the bytes of the fields it changes.
 *
 * A keyboard mode (power saving, office, game) is a report rate and the per-key light of the current slot: both
 * bytes go to the keyboard in one device-side transaction, so a link cut anywhere leaves the old state or the new
 * one, never the rate of one mode with the light of another. The answer carries the resulting state, and
 * get_key_color_info follows so that the Key LED tab's data agrees.
 *
 * Pairing (`--pair 1`) is the device's pair command: the answer carries the status that follows it (pairing), and the
 * device's status notifications (pairing, then paired) each become a get_setting_data event, so a screen follows
 * the radio without polling.
 */
import type { settingsCalls } from '../../contract/areas/settings.ts';
import { BridgeCallError } from '../../contract/bridge.ts';
import type { ParsedArgs } from '../../contract/contract.ts';
import { KEYBOARD_MODES, type KeyboardMode, type SettingData } from '../../contract/payloads/settings.ts';
import { CMD, FEATURE, SUB } from '../../protocol/commands.ts';
import { fail } from '../../core/rules/result.ts';
import { checkNKeyAndSleepSupported } from '../../core/rules/settings.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { LightingLayout, SettingsLayout, type Settings } from '../../protocol/objects.ts';
import { readCached, writeAtomicThrough, writeThrough } from '../cache.ts';
import type { CallContext, KeytuneDevice, Emit, Handlers } from '../context.ts';
import { editBytes, setByte } from '../convert/lighting.ts';
import {
  keyboardInfo,
  keyboardModeSupported,
  optionList,
  reportRateIndex,
  settingsPatch,
} from '../convert/settings.ts';
import { emitSettingData, settingData } from '../payloads/settings.ts';
import { refusal } from '../refusal.ts';
import type { DeviceService } from '../service.ts';
import type { AtomicOp } from '../session.ts';
import { colourInfo } from './lighting.ts';

const OPTIONS = ['use_n_key', 'calibration', 'use_sleep', 'report_rate', 'kb_mode', 'pair'] as const;

const invalid = (message: string) => new BridgeCallError(TOAST_KEYS.invalidArgs, message);

function requireNKeyAndSleep(device: KeytuneDevice, what: string): void {
  const supported = checkNKeyAndSleepSupported(device.caps);
  if (!supported.ok) throw refusal(supported, `${what} is not available on this firmware`);
}

function requireKeyboardMode(device: KeytuneDevice, what: string): void {
  if (!keyboardModeSupported(device.descriptor, device.caps))
    throw refusal(fail(TOAST_KEYS.notApply), `${what} is not available on this device or firmware`);
}

/** The settings fields a call changes, checked; nothing is written when any check fails. */
function patchOf(args: ParsedArgs<'setSettingInfo'>, device: KeytuneDevice): Partial<Settings> {
  if (args.use_n_key !== undefined) {
    requireNKeyAndSleep(device, 'N-key rollover');
    return { useNKey: args.use_n_key ? 1 : 0 };
  }
  if (args.calibration !== undefined) return { autoCalibration: args.calibration.auto_calibration ? 1 : 0 };
  if (args.report_rate !== undefined) {
    requireKeyboardMode(device, 'The report rate');
    return { reportRate: reportRateIndex(args.report_rate) };
  }
  if (args.use_sleep && args.sleep_time === undefined) throw invalid('--sleep_time is required to turn sleep on');
  requireNKeyAndSleep(device, 'Sleep');
  return { useSleep: args.use_sleep ? 1 : 0, ...(args.sleep_time !== undefined ? { sleepTime: args.sleep_time } : {}) };
}

/**
 * Sets a keyboard mode: the report rate and the per-key light, those of the two that differ from the keyboard's,
 * in one transaction. A failed transaction drops the service's copies of both objects (cache.ts).
 */
async function setKeyboardMode(device: KeytuneDevice, mode: KeyboardMode, emit: Emit): Promise<void> {
  requireKeyboardMode(device, 'Keyboard modes');
  const want = KEYBOARD_MODES[mode];
  const settings = SettingsLayout.decode(await readCached(device, 'settings'));
  const lighting = LightingLayout.decode(await readCached(device, 'lighting'));
  const ops: AtomicOp[] = [];
  const rate = reportRateIndex(want.report_rate);
  if (settings.reportRate !== rate)
    ops.push({ kind: 'object', name: 'settings', ...settingsPatch({ reportRate: rate }) });
  if (lighting.lightSwitch !== want.keylight_use) {
    const edit = setByte(LightingLayout, lighting, 'lightSwitch', want.keylight_use);
    ops.push({ kind: 'object', name: 'lighting', offset: edit.offset, bytes: editBytes(LightingLayout, edit) });
  }
  await writeAtomicThrough(device, ops);
  emit('get_key_color_info', await colourInfo(device));
}

/** Whether the device has a radio to pair: a wireless one (feature bit battery), as its handshake says. */
function hasRadio(device: KeytuneDevice): boolean {
  return (device.descriptor.features & FEATURE.battery) !== 0;
}

/**
 * Starts pairing: the device's pair command. A device without a radio is refused before anything is sent. The
 * answer is then the setting data read fresh (pairing); when the command fails (a cut, a lost acknowledgement) the
 * call fails and the device may or may not be pairing: get_setting_data tells which.
 */
async function startPairing(device: KeytuneDevice): Promise<void> {
  if (!hasRadio(device)) throw refusal(fail(TOAST_KEYS.notApply), 'this device has no radio to pair');
  await device.session.command(CMD.system, SUB.system.pair, new TextEncoder().encode('PAIR'));
}

async function setSettingInfo(args: ParsedArgs<'setSettingInfo'>, ctx: CallContext<KeytuneDevice>): Promise<SettingData> {
  const given = OPTIONS.filter((o) => args[o] !== undefined);
  if (given.length !== 1) throw invalid(`set_setting_info takes exactly one of --${OPTIONS.join(', --')}`);
  if (args.sleep_time !== undefined && args.use_sleep === undefined)
    throw invalid('--sleep_time goes with --use_sleep');
  const device = ctx.device();
  if (args.kb_mode !== undefined) {
    await setKeyboardMode(device, args.kb_mode, ctx.emit);
  } else if (args.pair !== undefined) {
    await startPairing(device);
  } else {
    const { offset, bytes } = settingsPatch(patchOf(args, device));
    // A write that fails drops the service's copy (cache.ts): the next call reads the settings again.
    await writeThrough(device, 'settings', offset, bytes);
  }
  return emitSettingData(device, ctx.emit);
}

export function registerSettingsHandlers(service: DeviceService): void {
  const handlers: Handlers<keyof typeof settingsCalls, KeytuneDevice> = {
    getSettingData: (_args, ctx) => emitSettingData(ctx.device(), ctx.emit),
    setSettingInfo,
    initOptList: (_args, ctx) => {
      const device = ctx.device();
      const options = optionList(device.record, device.descriptor, device.caps);
      ctx.emit('init_opt_list', options);
      ctx.emit('keyboard_info', keyboardInfo(device.record, device.descriptor));
      return options;
    },
  };
  service.implementFor('keytune', handlers);

  // A status change the device announces (battery, charging, link, pairing) reaches the screens as setting data. It
  // is built in the device's call queue, never between the steps of a call, from the status read at that moment: a
  // notification's own copy may be older than a read another call made before it was handled.
  service.onNotify(SUB.notify.status, (device) => {
    service
      .afterCalls(device.path, () => settingData(device))
      .then((data) => service.emit('get_setting_data', data))
      .catch(() => undefined);
  });
}
