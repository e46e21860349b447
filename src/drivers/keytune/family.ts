/**
 * Our own protocol's devices: the vendor collection 0xFF60/0x61 with 64-byte reports, on our vendors' ids (VIA
 * keyboards use the same collection with 32-byte reports). The service opens them itself (its session and handshake).
 */
import { VENDOR_IDS, VENDOR_USAGE, VENDOR_USAGE_PAGE } from '../../core/models.ts';
import type { FamilyMatcher, HidCandidate } from '../types.ts';

export const KEYTUNE_REPORT_BYTES = 64;

export const keytuneFamily: FamilyMatcher = {
  id: 'keytune',
  reportBytes: KEYTUNE_REPORT_BYTES,
  filters: VENDOR_IDS.map((vendorId) => ({ vendorId, usagePage: VENDOR_USAGE_PAGE, usage: VENDOR_USAGE })),
  matches(candidate: HidCandidate) {
    if (!(VENDOR_IDS as readonly number[]).includes(candidate.vendorId)) return false;
    return candidate.collections.some(
      (c) =>
        c.usagePage === VENDOR_USAGE_PAGE &&
        c.usage === VENDOR_USAGE &&
        (c.outputReportBytes === undefined || c.outputReportBytes === KEYTUNE_REPORT_BYTES),
    );
  },
};
