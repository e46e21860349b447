/** Handlers of the libhmk-only calls (src/contract/areas/libhmk.ts): they reach the device through its driver's ports. */
import type { DeviceService } from '../service.ts';

export function registerLibhmkHandlers(service: DeviceService): void {
  service.implement({});
}
