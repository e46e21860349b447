/**
 * The Linux device-permission rule (spec-2 §6): without it, hidraw nodes of our vendors are root-only and the browser
 * cannot open the keyboard. The install script writes exactly these lines, so the tip shows what it will install.
 */
import { VENDOR_IDS } from '../../core/models';

export const UDEV_RULE_FILE = '/etc/udev/rules.d/70-keytune.rules';
export const UDEV_SCRIPT_URL = 'https://download.keytune.app/linux/install-udev-rules.sh';

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/** One hidraw rule per vendor id: readable and writable by the logged-in user. */
export function udevRules(vendorIds: readonly number[] = VENDOR_IDS): string {
  return vendorIds
    .map((id) => `KERNEL=="hidraw*", ATTRS{idVendor}=="${hex4(id)}", MODE="0660", TAG+="uaccess"`)
    .join('\n');
}

export function installCommand(tool: 'curl' | 'wget'): string {
  return tool === 'curl' ? `curl -fsSL ${UDEV_SCRIPT_URL} | sudo sh` : `wget -qO- ${UDEV_SCRIPT_URL} | sudo sh`;
}

export type PlatformTip = 'linux' | 'firefox' | null;

/**
 * Which platform tip to show at start: the Linux permission tip unless the user turned it off
 * (CheckDevPermission "0"), else the Firefox tip when the browser has no WebHID.
 */
export function platformTipFor(env: {
  platform: string;
  checkDevPermission: string | undefined;
  navigatorHasHid: boolean;
  userAgent: string;
}): PlatformTip {
  if (env.platform === 'linux' && env.checkDevPermission !== '0') return 'linux';
  if (!env.navigatorHasHid && /firefox\//i.test(env.userAgent)) return 'firefox';
  return null;
}
