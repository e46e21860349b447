/** Builds the device service with every call of both specs registered. */
import { registerAdvancedHandlers } from './handlers/advanced.ts';
import { registerAppHandlers } from './handlers/app.ts';
import { registerKeymapHandlers } from './handlers/keymap.ts';
import { registerLightingHandlers } from './handlers/lighting.ts';
import { registerPerformanceHandlers } from './handlers/performance.ts';
import { registerSettingsHandlers } from './handlers/settings.ts';
import { registerThemeHandlers } from './handlers/theme.ts';
import { registerFirmwareHandlers } from './handlers/firmware.ts';
import { registerLibhmkHandlers } from './handlers/libhmk.ts';
import { registerViaHandlers } from './handlers/via.ts';
import { registerReportHandlers } from './handlers/report.ts';
import { registerBackupHandlers } from './handlers/backup.ts';
import { registerDriverHandlers } from './family/index.ts';
import { DeviceService, type DeviceServiceOptions } from './service.ts';

export function createDeviceService(options: DeviceServiceOptions = {}): DeviceService {
  const service = new DeviceService(options);
  registerAppHandlers(service);
  registerKeymapHandlers(service);
  registerAdvancedHandlers(service);
  registerLightingHandlers(service);
  registerPerformanceHandlers(service);
  registerSettingsHandlers(service);
  registerThemeHandlers(service);
  registerFirmwareHandlers(service);
  registerLibhmkHandlers(service);
  registerViaHandlers(service);
  registerReportHandlers(service);
  registerBackupHandlers(service);
  registerDriverHandlers(service);
  return service;
}

export { DeviceService } from './service.ts';
export type { DeviceServiceOptions, VirtualDeviceHandle } from './service.ts';
