/** The libhmk-only calls through the device service, on a virtual libhmk keyboard and on a device without the ports. */
import { describe, expect, it } from 'vitest';
import { createDeviceService } from '../../../src/service/index.ts';
import { openRig } from './harness.ts';

async function serviceWith(version = 0x0107) {
  const rig = await openRig({ version });
  const service = createDeviceService({});
  const entry = service.attachDriver(rig.driver, rig.transport, { virtual: true });
  return { rig, service, path: entry.path };
}

describe('libhmk calls through the service', () => {
  it('gamepad: read, change and read back', async () => {
    const { service, path } = await serviceWith();
    const before = (await service.call('dev_info', 'libhmk_get_gamepad', ['--path', path, '--profile', '1'])) as {
      buttons: number[];
      choices: unknown[];
    };
    expect(before.buttons).toHaveLength(67);
    expect(before.choices).toHaveLength(26);
    const after = (await service.call('dev_info', 'libhmk_set_gamepad', [
      '--path',
      path,
      '--profile',
      '1',
      '--buttons',
      JSON.stringify([1, 2]),
      '--flags',
      JSON.stringify({ squareJoystick: true }),
    ])) as { buttons: number[]; flags: Record<string, boolean> };
    expect(after.buttons.slice(0, 3)).toEqual([1, 2, 0]);
    expect(after.flags.squareJoystick).toBe(true);
  });

  it('options and calibration, gated by the firmware', async () => {
    const { service, path } = await serviceWith(0x0106);
    expect(
      await service.call('dev_info', 'libhmk_set_option', ['--path', path, '--name', 'xinput', '--value', '1']),
    ).toEqual({
      xinput: true,
      saveBottomOutThreshold: true,
    });
    await expect(
      service.call('dev_info', 'libhmk_set_option', ['--path', path, '--name', 'highPollingRate', '--value', '1']),
    ).rejects.toMatchObject({ toastKey: 'err.dev.refused' });
    expect(
      await service.call('dev_info', 'libhmk_set_calibration', [
        '--path',
        path,
        '--rest',
        '2300',
        '--bottom_out',
        '600',
      ]),
    ).toEqual({ rest: 2300, bottom_out: 600, save_threshold: false });
    await expect(service.call('dev_info', 'libhmk_save_calibration_threshold', ['--path', path])).rejects.toMatchObject(
      {
        toastKey: 'libhmk.err.noPort',
      },
    );
  });

  it('bootloader: sent, not awaited', async () => {
    const { service, path, rig } = await serviceWith();
    expect(await service.call('dev_info', 'libhmk_bootloader', ['--path', path])).toBe(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(rig.sim.bootloader).toBe(true);
  });
});
