/**
 * The advanced-key lists of a device of another family, in the spec's shape, as the key value info carries them. A
 * family whose advanced keys have a mapping onto the spec's kinds lists them here; the others list none.
 */
import type { AdvancedLists } from '../../contract/payloads/advanced.ts';
import type { DriverDevice } from '../context.ts';

export const NO_ADVANCED: AdvancedLists = { dks: [], shortcut: [], macro: [], snaptap: [], hypertap: [] };

/** Mappings by family, registered by the modules that write them. */
const mappings = new Map<string, (device: DriverDevice) => Promise<AdvancedLists>>();

export function registerAdvancedMapping(family: string, read: (device: DriverDevice) => Promise<AdvancedLists>) {
  mappings.set(family, read);
}

export async function advancedListsOf(device: DriverDevice): Promise<AdvancedLists> {
  const read = mappings.get(device.driver.family);
  return read ? read(device) : NO_ADVANCED;
}
