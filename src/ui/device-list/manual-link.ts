/** The help-manual download for a device: lower-cased name and firmware version without its "V" (spec-1 §7). */
export const MANUAL_BASE_URL = 'https://download.keytune.app/manuals/';

export function manualUrl(name: string, fwVer: string): string {
  const model = encodeURIComponent(name.trim().toLowerCase()).replace(/%2B/g, '+');
  const version = encodeURIComponent(fwVer.trim().replace(/^[vV]/, ''));
  return `${MANUAL_BASE_URL}${model}_${version}.pdf`;
}
