/**
 * Dialogs about the platform rather than a device: the Firefox tip, "device not supported" (spec-2 §2.2) and the
 * start-up choice of platform tip (the Linux one lives in LinuxPermissionTip.tsx).
 */
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/store';
import { COOKIE_NAMES, getCookie } from '../cookies';
import { useServices } from '../services';
import { AppDialog } from '../widgets/AppDialog';
import { ExternalIcon } from '../widgets/icons';
import { DESKTOP_APP_URL } from '../dialogs/RedirectDialog';
import { platformTipFor, type PlatformTip } from './udev';

// Only Linux needs it, so only Linux loads it (it brings the checkbox along).
const LinuxPermissionTip = lazy(() => import('./LinuxPermissionTip'));

export const SUPPORTED_DEVICES_URL = 'https://keytune.app/devices';
export const WEBHID_EXTENSION_URL = 'https://addons.mozilla.org/firefox/search/?q=webhid';

export function FirefoxTip({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('firefox.tip.title')}
      description={t('firefox.tip.body')}
      dataAttributes={{ 'data-dialog': 'firefox' }}
      footer={
        <>
          <a className="button button--ghost" href={WEBHID_EXTENSION_URL} target="_blank" rel="noopener noreferrer">
            {t('firefox.tip.extension')}
            <ExternalIcon size={16} />
          </a>
          <a className="button button--ghost" href={DESKTOP_APP_URL} target="_blank" rel="noopener noreferrer">
            {t('firefox.tip.desktop')}
            <ExternalIcon size={16} />
          </a>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.ok')}
          </button>
        </>
      }
    />
  );
}

export function NotSupportedDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={t('device.not.support.title')}
      description={t('device.not.support.context')}
      dataAttributes={{ 'data-dialog': 'not-supported' }}
      footer={
        <>
          <a className="button button--ghost" href={SUPPORTED_DEVICES_URL} target="_blank" rel="noopener noreferrer">
            {t('device.not.support.link')}
            <ExternalIcon size={16} />
          </a>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('device.not.support.ok')}
          </button>
        </>
      }
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
      navigatorHasHid: typeof navigator !== 'undefined' && 'hid' in navigator,
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
