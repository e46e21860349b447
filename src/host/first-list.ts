/**
 * The device worker's first answer: which virtual keyboards the page is about to list, told before the device
 * service has loaded, so the first frame's cards can open their device while the service and the app still load.
 *
 * The page's first inline script sends the address's `?virtual=` values; the worker answers with the saved keyboards
 * of our own protocol (restored first, as the service does) and the asked-for keyboards of our own protocol that are not among them, with
 * the paths the service will give them: each new keyboard's serial is chosen here and handed to the service, which
 * adds every keyboard of the plan, in the address's order, before it answers the page's first call. Keyboards of other
 * families, saved or asked for, are added too but not listed early (their path comes from their driver).
 *
 * Small on purpose: the worker's entry imports it, and everything it imports is evaluated before the first answer.
 */
import { findModel } from '../core/models.ts';
import { formatVersion, tryParseVersion } from '../core/version.ts';
import { familyVirtualModel } from '../core/virtual-families.ts';
import { restoreOrder, type StoredKeyboard } from './virtual-store.ts';

/** Page to worker: the address's `?virtual=` values, as written. */
export interface FirstListRequest {
  type: 'first-list';
  virtual: string[];
}

/** A keyboard the worker is about to list, with the path the service gives it. */
export interface FirstListed {
  path: string;
  display_name: string;
}

/** Worker to page: the keyboards about to be listed. */
export interface FirstListAnswer {
  type: 'first-list';
  devices: FirstListed[];
}

/** A keyboard the address asks for that is not there yet: added through `add_virtual_device`, as the page would. */
export interface PlannedKeyboard {
  displayName: string;
  fwVer: string;
  /** Chosen in advance for a keyboard of our own protocol, whose path it ends. */
  serial?: string;
}

export interface StartPlan {
  saved: StoredKeyboard[];
  add: PlannedKeyboard[];
  listed: FirstListed[];
}

/** A new virtual keyboard's serial: "VK" and ten hex digits. */
export function newSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(5));
  return `VK${Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/** The path the service gives a virtual keyboard of our own protocol (service.attach). */
export function virtualPath(vendorId: number, productId: number, serial: string): string {
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return `virtual:${hex(vendorId)}:${hex(productId)}:${serial}`;
}

const key = (name: string, fwVer: string) => `${name.toLowerCase()}@${fwVer}`;

/**
 * The keyboards to start with: the saved ones in the order they were added, then the address's requests not already
 * among them (counted per model and version, as the page's start-up counts them), in the address's order.
 */
export function planStartKeyboards(
  stored: readonly StoredKeyboard[],
  values: readonly string[],
  serial: () => string = newSerial,
): StartPlan {
  const saved = restoreOrder(stored);
  const listed: FirstListed[] = [];
  const present = new Map<string, number>();
  for (const record of saved) {
    const own = findModel(record.spec.displayName);
    const model = own ?? familyVirtualModel(record.spec.displayName);
    const version = tryParseVersion(record.spec.fwVer);
    if (!model || !version) continue;
    // A saved keyboard of another family comes back too, but is not listed early, like an asked-for one.
    if (own)
      listed.push({
        path: virtualPath(own.vendorId, own.productId, record.spec.serial),
        display_name: own.displayName,
      });
    const k = key(model.name, formatVersion(version));
    present.set(k, (present.get(k) ?? 0) + 1);
  }
  const add: PlannedKeyboard[] = [];
  for (const value of values) {
    const at = value.lastIndexOf('@');
    const name = at < 0 ? value : value.slice(0, at);
    const model = findModel(name) ?? familyVirtualModel(name);
    const version = at < 0 ? undefined : tryParseVersion(value.slice(at + 1));
    if (!model || !version) continue;
    const fwVer = formatVersion(version);
    const k = key(model.name, fwVer);
    const n = present.get(k) ?? 0;
    if (n > 0) {
      present.set(k, n - 1);
      continue;
    }
    const own = findModel(name);
    // The firmware refuses a version part above 255: such a keyboard is asked for but never listed.
    if (!own || [version.major, version.minor, version.patch].some((p) => p > 0xff)) {
      add.push({ displayName: model.displayName, fwVer });
      continue;
    }
    const chosen = serial();
    add.push({ displayName: own.displayName, fwVer, serial: chosen });
    listed.push({ path: virtualPath(own.vendorId, own.productId, chosen), display_name: own.displayName });
  }
  return { saved, add, listed };
}
