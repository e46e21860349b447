/**
 * Dialogs about the platform rather than a device: the Firefox tip, "device not supported" (spec-2 §2.2) and the
 * start-up choice of platform tip (the Linux one lives in LinuxPermissionTip.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/store';
import { COOKIE_NAMES, getCookie } from '../cookies';
import { useServices } from '../services';
import { NoticeDialog } from '../widgets/NoticeDialog';
import { DESKTOP_APP_URL } from '../dialogs/RedirectDialog';
import { platformTipFor, type PlatformTip } from './udev';

// Only Linux needs it, so only Linux loads it (it brings the checkbox along).
const LinuxPermissionTip = lazy(() => import('./LinuxPermissionTip'));

export const SUPPORTED_DEVICES_URL = 'https://keytune.app/devices';
export const WEBHID_EXTENSION_URL = 'https://addons.mozilla.org/firefox/search/?q=webhid';

export function FirefoxTip({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('firefox.tip.title')}
      description={t('firefox.tip.body')}
      links={[
        { href: WEBHID_EXTENSION_URL, label: t('firefox.tip.extension') },
        { href: DESKTOP_APP_URL, label: t('firefox.tip.desktop') },
      ]}
      okLabel={t('common.ok')}
      dataAttributes={{ 'data-dialog': 'firefox' }}
    />
  );
}

export function NotSupportedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <NoticeDialog
      open={open}
      onClose={onClose}
      title={t('device.not.support.title')}
      description={t('device.not.support.context')}
      links={[{ href: SUPPORTED_DEVICES_URL, label: t('device.not.support.link') }]}
      okLabel={t('device.not.support.ok')}
      dataAttributes={{ 'data-dialog': 'not-supported' }}
    />
  );
}

/** Shows the platform tip that applies, once per page load. */
export function PlatformTips() {
  const { host } = useServices();
  const [tip, setTip] = useState<PlatformTip>(() =>
    platformTipFor({
      platform: host.platform,
      checkDevPermission: getCookie(COOKIE_NAMES.checkDevPermission),
      // A page served by the desktop bridge reaches keyboards through it, whatever the browser (Firefox included).
      navigatorHasHid: host.hostKind !== 'wasm' || (typeof navigator !== 'undefined' && 'hid' in navigator),
      userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
    }),
  );
  const close = () => setTip(null);
  return (
    <>
      {tip === 'linux' && (
        <Suspense fallback={null}>
          <LinuxPermissionTip open onClose={close} />
        </Suspense>
      )}
      <FirefoxTip open={tip === 'firefox'} onClose={close} />
    </>
  );
}
