/** Handlers of the via-only calls (src/contract/areas/via.ts): they reach the device through its driver's ports. */
import type { DeviceService } from '../service.ts';

export function registerViaHandlers(service: DeviceService): void {
  service.implement({});
}
