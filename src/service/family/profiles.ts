/**
 * Profiles of devices of other families in the theme panel: get_theme_info lists them (named where the device names
 * them, numbered otherwise) and set_theme_info switches and renames where the family can. Export and import of
 * scenes are our own protocol's.
 */
import type { themeCalls } from '../../contract/areas/theme.ts';
import type { ThemeInfo } from '../../contract/payloads/theme.ts';
import type { DriverDevice, Handlers } from '../context.ts';
import type { DeviceService } from '../service.ts';
import { driverDevice, invalid, portOf } from './device.ts';
import { FAMILY_KEYS } from './keys.ts';
import { BridgeCallError } from '../../contract/bridge.ts';

async function themeInfo(device: DriverDevice): Promise<ThemeInfo> {
  const { count } = device.driver.features.profiles;
  const port = device.driver.ports.profiles;
  const names = (await port?.names?.()) ?? Array.from({ length: count }, (_, i) => `${i + 1}`);
  return { path: device.path, theme_mode: (await port?.current()) ?? 0, theme_info_list: names.slice(0, count) };
}

export function registerDriverProfileHandlers(service: DeviceService): void {
  const handlers: Partial<Handlers<keyof typeof themeCalls>> = {
    getThemeInfo: async (_args, ctx) => {
      const info = await themeInfo(driverDevice(ctx));
      ctx.emit('get_theme_info', info);
      return info;
    },
    setThemeInfo: async (args, ctx) => {
      const device = driverDevice(ctx);
      const { profiles } = device.driver.features;
      const port = portOf(device, 'profiles');
      if (args.export !== undefined || args.import !== undefined)
        throw new BridgeCallError(FAMILY_KEYS.notOffered, 'scene files are of our own protocol');
      if (args.change_theme_id !== undefined) {
        if (args.change_theme_id >= profiles.count) throw invalid(`profiles are 0-${profiles.count - 1}`);
        if (!port.switchTo)
          throw new BridgeCallError(FAMILY_KEYS.notOffered, 'the profile is switched on the keyboard');
        await port.switchTo(args.change_theme_id);
        const info = await themeInfo(device);
        ctx.emit('up_theme_info', info);
        ctx.emit('get_theme_info', info);
        return info;
      }
      if (args.theme_name !== undefined) {
        const slot = args.cur_theme_id ?? 0;
        if (!port.rename) throw new BridgeCallError(FAMILY_KEYS.notOffered, 'this keyboard does not name profiles');
        await port.rename(slot, args.theme_name);
      }
      const info = await themeInfo(device);
      ctx.emit('get_theme_info', info);
      return info;
    },
  };
  service.implement(handlers);
}
