/**
 * The Linux device-permission rule (spec-2 §6): without it, hidraw nodes of our devices are root-only and the browser
 * cannot open the keyboard. The rule names each model by vendor and product id (a vendor id alone would also open
 * other makers' devices sharing it); Bluetooth models get a second line, as their hidraw parent carries the ids in
 * its kernel name instead of USB attributes. The app serves the rule and the script that installs it from its own
 * address (public/linux/, checked against this file by a test), so the commands point at the page's own origin.
 */
import { MODELS, type ModelInfo } from '../../core/models';

export const UDEV_RULE_PATH = '/etc/udev/rules.d/70-keytune.rules';
/** Where the app serves the files, relative to its base address. */
export const UDEV_SCRIPT_FILE = 'linux/keytune-udev.sh';
export const UDEV_RULE_FILE = 'linux/70-keytune.rules';

const hex4 = (id: number) => id.toString(16).padStart(4, '0');
const HEX4 = (id: number) => hex4(id).toUpperCase();

/** The rule file's text: a header, then per model one USB line and, for wireless models, one Bluetooth line. */
export function udevRules(models: readonly ModelInfo[] = MODELS): string {
  const lines = [
    '# Keytune: lets the person at the computer open these keyboards, mice and receivers from the browser (WebHID).',
    '# One line per model, by vendor and product id; wireless models also by their Bluetooth HID name.',
  ];
  for (const m of models) {
    lines.push(
      `# ${m.displayName}`,
      `KERNEL=="hidraw*", SUBSYSTEM=="hidraw", ATTRS{idVendor}=="${hex4(m.vendorId)}", ATTRS{idProduct}=="${hex4(m.productId)}", MODE="0660", TAG+="uaccess"`,
    );
    if (m.wireless)
      lines.push(
        `KERNEL=="hidraw*", SUBSYSTEM=="hidraw", KERNELS=="0005:${HEX4(m.vendorId)}:${HEX4(m.productId)}.*", MODE="0660", TAG+="uaccess"`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** The address of a file the app serves, from the page's own origin and base path. */
export function servedUrl(
  file: string,
  origin: string = location.origin,
  base: string = import.meta.env.BASE_URL,
): string {
  return new URL(file, new URL(base, origin)).href;
}

export function installCommand(tool: 'curl' | 'wget', scriptUrl: string = servedUrl(UDEV_SCRIPT_FILE)): string {
  return tool === 'curl' ? `curl -fsSL ${scriptUrl} | sudo sh` : `wget -qO- ${scriptUrl} | sudo sh`;
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
