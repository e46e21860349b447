/**
 * The `?virtual=made68pro@1.3.7` address parameter (repeatable): virtual keyboards to attach at start. The host
 * restores the virtual keyboards of earlier visits, so after a reload only the ones still missing are added.
 */
import type { DeviceRecord } from '../../contract/bridge';
import { findModel } from '../../core/models';
import { formatVersion, tryParseVersion } from '../../core/version';
import { familyVirtualModel } from '../../core/virtual-families';

export interface VirtualRequest {
  /** The model: one of our own protocol's, or a virtual keyboard of another family (name and display name). */
  model: { name: string; displayName: string };
  /** Without the V prefix, e.g. "1.3.7". */
  fwVer: string;
}

export interface VirtualParams {
  requests: VirtualRequest[];
  /** Parameter values that name no known model or carry no readable version. */
  rejected: string[];
}

export function parseVirtualParams(search: string): VirtualParams {
  const requests: VirtualRequest[] = [];
  const rejected: string[] = [];
  for (const value of new URLSearchParams(search).getAll('virtual')) {
    const at = value.lastIndexOf('@');
    const name = at < 0 ? value : value.slice(0, at);
    const model = findModel(name) ?? familyVirtualModel(name);
    const version = at < 0 ? undefined : tryParseVersion(value.slice(at + 1));
    if (!model || !version) rejected.push(value);
    else requests.push({ model, fwVer: formatVersion(version) });
  }
  return { requests, rejected };
}

function key(name: string, fwVer: string): string | undefined {
  const v = tryParseVersion(fwVer);
  return v ? `${name.trim().toLowerCase()}@${formatVersion(v)}` : undefined;
}

/**
 * The requests not yet satisfied by a virtual device already present. Counted per model and version, so asking for
 * two identical keyboards gives two, and a reload does not add a third.
 */
export function virtualsToAdd(requests: readonly VirtualRequest[], devices: readonly DeviceRecord[]): VirtualRequest[] {
  const present = new Map<string, number>();
  for (const d of devices) {
    if (!d.virtual) continue;
    // A model whose record names a firmware of its own, not the version asked for, counts by model.
    const unlisted = familyVirtualModel(d.display_name);
    const k = unlisted?.versionUnlisted ? `${unlisted.name}@*` : key(d.name || d.display_name, d.fw_ver);
    if (k) present.set(k, (present.get(k) ?? 0) + 1);
  }
  return requests.filter((r) => {
    const k = familyVirtualModel(r.model.name)?.versionUnlisted ? `${r.model.name}@*` : `${r.model.name}@${r.fwVer}`;
    const n = present.get(k) ?? 0;
    if (n === 0) return true;
    present.set(k, n - 1);
    return false;
  });
}
