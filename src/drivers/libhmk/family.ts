/**
 * The libhmk family: any HID device with the raw collection on usage page 0xFFAB, usage 0xAB and 64-byte reports
 * (include/usb_descriptors.h). No vendor or product ids: every libhmk keyboard describes itself.
 */
import type { DeviceFamily, HidCandidate } from '../types.ts';
import { openLibhmk } from './driver.ts';
import { LIBHMK_REPORT_BYTES, LIBHMK_USAGE, LIBHMK_USAGE_PAGE } from './protocol.ts';

export const libhmkFamily: DeviceFamily = {
  id: 'libhmk',
  reportBytes: LIBHMK_REPORT_BYTES,
  filters: [{ usagePage: LIBHMK_USAGE_PAGE, usage: LIBHMK_USAGE }],
  matches(candidate: HidCandidate) {
    return candidate.collections.some(
      (c) =>
        c.usagePage === LIBHMK_USAGE_PAGE &&
        c.usage === LIBHMK_USAGE &&
        (c.inputReportBytes === undefined || c.inputReportBytes === LIBHMK_REPORT_BYTES) &&
        (c.outputReportBytes === undefined || c.outputReportBytes === LIBHMK_REPORT_BYTES),
    );
  },
  open: (transport, options) => openLibhmk(transport, options),
};
