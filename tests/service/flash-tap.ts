/**
 * Shared by the flash tests: a service with one virtual keyboard whose configuration differs from the factory one in
 * every part (each theme slot, the slot names, the current slot, the settings, the calibration), a tap naming the step
 * of the update flow each report belongs to, and the configuration as the keyboard holds it.
 */
import { findModel } from '../../src/core/models.ts';
import type { VirtualKeyboard } from '../../src/firmware/index.ts';
import { CMD, SUB } from '../../src/protocol/commands.ts';
import { decodeFrame, isWrite, subId } from '../../src/protocol/frame.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { makeHarness } from './harness.ts';

export const MODEL = 'Made68Pro';
export const MODEL_ID = findModel(MODEL)!.modelId;
export const OLD_FW = 'V9.9.9';

export type FlowStep =
  'backup' | 'bootloader' | 'begin' | 'chunk' | 'finish' | 'refind' | 'restore' | 'compare' | 'other';

export const mgOf = (image: Uint8Array, name = 'made68pro.mg'): string =>
  JSON.stringify([{ name, data: Buffer.from(image).toString('base64') }]);

/** The configuration a person set, as the keyboard holds it: what an update must keep. */
export function configOf(kb: VirtualKeyboard): string {
  const { state } = kb.inspect();
  return JSON.stringify({
    currentTheme: state.currentTheme,
    profiles: state.profiles,
    settings: state.settings,
    calibration: state.calibration,
  });
}

/** A keyboard at OLD_FW whose configuration differs from the factory one everywhere. */
export async function customised(timeoutMs = 500) {
  const h = makeHarness(LINK_PRESETS.instant, timeoutMs);
  const path = await h.add(MODEL, OLD_FW.slice(1));
  const kb = h.keyboardOf();
  const call = (func: string, args: string[] = []) => h.service.call('dev_info', func, ['--path', path, ...args]);
  for (const slot of [0, 1, 2, 3]) {
    await call('set_theme_info', ['--change_theme_id', String(slot)]);
    await call('set_theme_info', ['--theme_name', `Mine ${slot}`, '--cur_theme_id', String(slot)]);
    await call('set_key_info', ['--index', '0', '--select', `[${slot + 1}]`, '--code', String(4 + slot)]);
  }
  await call('set_theme_info', ['--change_theme_id', '2']);
  await call('set_setting_info', ['--use_sleep', '1', '--sleep_time', '17']);
  // A calibration run in which key 5 travels the whole way: its range is stored.
  await call('set_setting_info', ['--calibration', '{"auto_calibration":false}']);
  // Key 5 calibrated to a range of its own.
  const session = h.service.devices()[0]!.session;
  const cal = await session.readObject('calibration');
  new DataView(cal.buffer, cal.byteOffset).setUint16(1 + 5 * 4, 1234, true);
  new DataView(cal.buffer, cal.byteOffset).setUint16(1 + 5 * 4 + 2, 3456, true);
  cal[0] = 2;
  await session.writeObject('calibration', 0, cal);
  // Let the keyboard finish writing its flash and the service its follow-up reads: the link is quiet from here.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const flash = (mg: string) => call('run_other_func', ['--cmd', 'flash', '--mg', mg]);
  const reattach = async () => {
    const transport = h.transportOf() as LoopbackTransport;
    transport.reconnect();
    await h.service.attach(transport, { virtual: true });
  };
  return { ...h, path, kb, call, flash, reattach };
}

/**
 * Records the step of the update flow of every report the host sends (toDevice) and receives (toHost) from now on.
 * `steps()` answers them once the flow is over: the reads after the restore's last write are the compare.
 */
export function tapSteps(transport: LoopbackTransport) {
  const sent: { phase: FlowStep; write: boolean }[] = [];
  /** Per report received, the index of the last report sent before it. */
  const received: number[] = [];
  let phase: FlowStep = 'backup';
  const send = transport.send.bind(transport);
  transport.send = async (report: Uint8Array) => {
    const f = decodeFrame(report);
    const id = subId(f.sub);
    if (f.cmd === CMD.system && id === SUB.system.bootloader) phase = 'bootloader';
    else if (f.cmd === CMD.firmware && id === SUB.firmware.begin) phase = 'begin';
    else if (f.cmd === CMD.firmware && id === SUB.firmware.chunk) phase = 'chunk';
    else if (f.cmd === CMD.firmware && id === SUB.firmware.finish) phase = 'finish';
    else if (phase === 'finish') phase = 'refind';
    else if (phase === 'refind') phase = 'restore';
    sent.push({ phase, write: isWrite(f.sub) });
    return send(report);
  };
  transport.onReport(() => received.push(sent.length - 1));
  const steps = () => {
    let lastWrite = -1;
    sent.forEach((s, i) => {
      if (s.phase === 'restore' && s.write) lastWrite = i;
    });
    const toDevice = sent.map((s, i) => (s.phase === 'restore' && i > lastWrite ? 'compare' : s.phase));
    const toHost = received.map((i) => (i < 0 ? 'other' : toDevice[i]!));
    return { toDevice, toHost };
  };
  return { steps };
}
