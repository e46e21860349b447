/**
 * The HID collections of the families Keytune speaks, as the browser's device picker and the hosts need them before
 * any family code loads: our own protocol on 0xFF60/0x61 (64-byte reports, our vendors), VIA on the same collection
 * with 32-byte reports (any vendor), libhmk on 0xFFAB/0xAB (64-byte reports, any vendor).
 */
import { VENDOR_IDS, VENDOR_USAGE, VENDOR_USAGE_PAGE } from './models.ts';

export const LIBHMK_USAGE_PAGE = 0xffab;
export const LIBHMK_USAGE = 0xab;

export interface HidFilterSpec {
  vendorId?: number;
  usagePage: number;
  usage: number;
}

/** Every collection a family of Keytune's may configure (the add-device picker's filters). */
export const HID_FAMILY_FILTERS: readonly HidFilterSpec[] = [
  ...VENDOR_IDS.map((vendorId) => ({ vendorId, usagePage: VENDOR_USAGE_PAGE, usage: VENDOR_USAGE })),
  { usagePage: VENDOR_USAGE_PAGE, usage: VENDOR_USAGE },
  { usagePage: LIBHMK_USAGE_PAGE, usage: LIBHMK_USAGE },
];

/** The parts of a HID collection (WebHID's HIDCollectionInfo) this needs. */
interface CollectionLike {
  usagePage?: number;
  usage?: number;
  inputReports?: readonly { items?: readonly { reportSize?: number; reportCount?: number }[] }[];
  outputReports?: readonly { items?: readonly { reportSize?: number; reportCount?: number }[] }[];
}

const bytesOf = (reports: CollectionLike['inputReports']): number | undefined => {
  const items = reports?.[0]?.items ?? [];
  const bits = items.reduce((sum, item) => sum + (item.reportSize ?? 0) * (item.reportCount ?? 0), 0);
  return bits > 0 ? Math.ceil(bits / 8) : undefined;
};

/** A device's configuration collections: the ones a family filter names, with their report sizes where declared. */
export function configCollections(collections: readonly CollectionLike[]) {
  return collections.flatMap((c) => {
    const usagePage = c.usagePage ?? 0;
    const usage = c.usage ?? 0;
    if (!HID_FAMILY_FILTERS.some((f) => f.usagePage === usagePage && f.usage === usage)) return [];
    const inputReportBytes = bytesOf(c.inputReports);
    const outputReportBytes = bytesOf(c.outputReports);
    return [
      {
        usagePage,
        usage,
        ...(inputReportBytes !== undefined ? { inputReportBytes } : {}),
        ...(outputReportBytes !== undefined ? { outputReportBytes } : {}),
      },
    ];
  });
}
