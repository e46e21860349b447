/**
 * Attaches a HID device a host found (WebHID in the browser, node-hid on the desktop) to the service with the first
 * family that answers: our own protocol through the service's session, another family through its driver. A device
 * no family answers is left alone, and the reason is logged.
 */
import { familiesFor, isOpenable } from '../drivers/index.ts';
import { DriverError, type DefinitionStore, type HidCandidate } from '../drivers/types.ts';
import type { DeviceService } from '../service/service.ts';
import type { Transport } from '../transport/types.ts';

export async function attachHid(
  service: DeviceService,
  transport: Transport,
  candidate: HidCandidate,
  definitions?: DefinitionStore,
): Promise<boolean> {
  const problems: string[] = [];
  for (const family of familiesFor(candidate)) {
    try {
      if (!isOpenable(family)) {
        await service.attach(transport);
        return true;
      }
      const driver = await family.open(transport, definitions ? { definitions } : {});
      service.attachDriver(driver, transport);
      return true;
    } catch (e) {
      problems.push(`${family.id}: ${e instanceof Error ? e.message : String(e)}`);
      if (e instanceof DriverError && e.reason === 'disconnected') break;
    }
  }
  console.warn(`${candidate.productName || 'a HID device'} answers no family Keytune speaks`, problems);
  return false;
}
