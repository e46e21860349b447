/**
 * Device settings, factory reset and key presses on devices of other families: the setting data shows what the
 * device is (versions, link, battery) and offers none of our protocol's switches; a factory reset goes through the
 * device port; a virtual keyboard's keys are pressed on its simulator.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { SettingData } from '../../contract/payloads/settings.ts';
import type { DriverDevice, Handlers } from '../context.ts';
import { tryRestorePoint } from '../backup/restore-points.ts';
import type { DeviceService } from '../service.ts';
import { driverDevice, portOf } from './device.ts';
import { FAMILY_KEYS } from './keys.ts';
import { driverKeyValueInfo } from './keymap.ts';

function settingData(device: DriverDevice): SettingData {
  const { record } = device;
  return {
    path: device.path,
    fw_ver: record.fw_ver,
    hw_ver: record.hw_ver,
    release_date: '',
    use_n_key: 0,
    use_sleep: 0,
    sleep_time: 0,
    auto_calibration: 0,
    report_rate: 1000,
    n_key_supported: false,
    sleep_supported: false,
    kb_mode_supported: false,
    battery: record.electricity,
    access_mode: record.access_mode,
  };
}

type Calls = 'getSettingData' | 'setSettingInfo' | 'runOtherFunc';

export function registerDriverSettingsHandlers(service: DeviceService): void {
  const handlers: Handlers<Calls> = {
    getSettingData: (_args, ctx) => {
      const data = settingData(driverDevice(ctx));
      ctx.emit('get_setting_data', data);
      return data;
    },
    setSettingInfo: (_args, ctx) => {
      const { record } = driverDevice(ctx);
      throw new BridgeCallError(
        FAMILY_KEYS.notOffered,
        `${record.display_name} has no N-key, sleep, report-rate or pairing settings of our own protocol`,
      );
    },
    runOtherFunc: async (args, ctx) => {
      const device = driverDevice(ctx);
      const name = device.record.display_name;
      if (args.cmd !== 'reset')
        throw new BridgeCallError(FAMILY_KEYS.notOffered, `${name} has no --cmd ${args.cmd} (our own protocol's)`);
      const reset = portOf(device, 'device').factoryReset;
      if (!reset) throw new BridgeCallError(FAMILY_KEYS.notOffered, `${name} has no factory reset`);
      // Reset all the same when the keyboard cannot be read: a reset is often the way out of a bad configuration.
      await tryRestorePoint(service, device, 'factory-reset');
      await reset();
      if (device.driver.ports.keymap) ctx.emit('get_key_value_info', await driverKeyValueInfo(device));
      const data = settingData(device);
      ctx.emit('get_setting_data', data);
      return data;
    },
  };
  service.implement(handlers);
}
