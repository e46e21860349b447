/**
 * Attaches a HID device a host found (WebHID in the browser, node-hid on the desktop) to the service with the first
 * family that answers: our own protocol through the service's session, another family through its driver. Families
 * whose collection the device has are tried first, in order; when a host cannot tell report sizes (node-hid), the
 * families sharing the collection are probed after them. A device no family answers is left alone, with the reason
 * logged.
 */
import { FAMILIES, familiesFor, isOpenable } from '../drivers/index.ts';
import { DriverError, type DefinitionStore, type HidCandidate } from '../drivers/types.ts';
import type { DeviceService } from '../service/service.ts';
import type { Transport } from '../transport/types.ts';

/** The families to try, best match first: the ones that match, then the ones sharing the collection. */
function candidatesFor(candidate: HidCandidate) {
  const matched = familiesFor(candidate);
  const sharing = FAMILIES.filter(
    (f) =>
      !matched.includes(f) &&
      f.filters.some((filter) =>
        candidate.collections.some((c) => c.usagePage === filter.usagePage && c.usage === filter.usage),
      ),
  );
  const sizesKnown = candidate.collections.some((c) => c.outputReportBytes !== undefined);
  return sizesKnown ? matched : [...matched, ...sharing];
}

/**
 * Tries the device's families; `link(reportBytes)` opens the device for one family's report size (a host that knows
 * the size hands the same transport back). Resolves true once one family answers.
 */
export async function attachHid(
  service: DeviceService,
  candidate: HidCandidate,
  link: (reportBytes: number) => Promise<Transport>,
  definitions?: DefinitionStore,
): Promise<boolean> {
  const problems: string[] = [];
  for (const family of candidatesFor(candidate)) {
    let transport: Transport | undefined;
    try {
      transport = await link(family.reportBytes);
      if (!isOpenable(family)) await service.attach(transport);
      else {
        const options = { ...service.linkOptions(), ...(definitions ? { definitions } : {}) };
        service.attachDriver(await family.open(transport, options), transport);
      }
      return true;
    } catch (e) {
      problems.push(`${family.id}: ${e instanceof Error ? e.message : String(e)}`);
      if (e instanceof DriverError && e.reason === 'disconnected') break;
    }
  }
  console.warn(`${candidate.productName || 'a HID device'} answers no family Keytune speaks`, problems);
  return false;
}
