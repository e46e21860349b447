/** The handlers that serve calls on devices of other families through their drivers' ports. */
import type { DeviceService } from '../service.ts';
import { registerDriverKeymapHandlers } from './keymap.ts';
import { registerLibhmkAdvanced } from './libhmk-advanced.ts';
import { registerDriverPerformanceHandlers } from './performance.ts';
import { registerDriverProfileHandlers } from './profiles.ts';
import { registerDriverSettingsHandlers } from './settings.ts';

export function registerDriverHandlers(service: DeviceService): void {
  registerDriverKeymapHandlers(service);
  registerDriverPerformanceHandlers(service);
  registerDriverProfileHandlers(service);
  registerDriverSettingsHandlers(service);
  registerLibhmkAdvanced(service);
}
