/**
 * Dialogs about the platform rather than a device: the Linux permission tip, the Firefox tip and "device not
 * supported" (spec-2 §2.2).
 */
import { Checkbox } from 'radix-ui';
import { useId, useState } from 'react';
import { useT } from '../../i18n/store';
import { COOKIE_NAMES, getCookie, setCookie } from '../cookies';
import { useServices } from '../services';
import { useToastStore } from '../toasts/store';
import { AppDialog } from '../widgets/AppDialog';
import { CheckIcon, ExternalIcon } from '../widgets/icons';
import { DESKTOP_APP_URL } from '../dialogs/RedirectDialog';
import { installCommand, platformTipFor, udevRules, type PlatformTip } from './udev';

export const SUPPORTED_DEVICES_URL = 'https://keytune.app/devices';
export const WEBHID_EXTENSION_URL = 'https://addons.mozilla.org/firefox/search/?q=webhid';

function CommandBlock({ label, text }: { label: string; text: string }) {
  const t = useT();
  const push = useToastStore((s) => s.push);
  const copy = () => {
    const done = (ok: boolean) =>
      push({ title: ok ? 'copy.done' : 'copy.failed', context: '', args: '', type: ok ? 0 : 1, delay: 3 });
    if (!navigator.clipboard) return done(false);
    navigator.clipboard.writeText(text).then(
      () => done(true),
      () => done(false),
    );
  };
  return (
    <figure className="command">
      <figcaption className="command__label">{label}</figcaption>
      <div className="command__row">
        <pre className="command__text" tabIndex={0}>
          <code>{text}</code>
        </pre>
        <button type="button" className="button button--ghost button--small" onClick={copy}>
          {t('common.copy')}
          <span className="sr-only">: {label}</span>
        </button>
      </div>
    </figure>
  );
}

export function LinuxPermissionTip({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const checkboxId = useId();
  const [again, setAgain] = useState(() => getCookie(COOKIE_NAMES.checkDevPermission) !== '0');
  const finish = () => {
    setCookie(COOKIE_NAMES.checkDevPermission, again ? '1' : '0');
    onClose();
  };
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) finish();
      }}
      title={t('linux.tip.title')}
      description={t('linux.tip.body')}
      className="dialog--wide"
      dataAttributes={{ 'data-dialog': 'linux-permission' }}
      footer={
        <>
          <div className="checkbox-field">
            <Checkbox.Root
              id={checkboxId}
              className="checkbox"
              checked={again}
              onCheckedChange={(c) => setAgain(c === true)}
            >
              <Checkbox.Indicator className="checkbox__indicator">
                <CheckIcon size={14} />
              </Checkbox.Indicator>
            </Checkbox.Root>
            <label htmlFor={checkboxId}>{t('linux.tip.again')}</label>
          </div>
          <button type="button" className="button button--primary" onClick={finish}>
            {t('common.ok')}
          </button>
        </>
      }
    >
      <CommandBlock label={t('linux.tip.curl')} text={installCommand('curl')} />
      <CommandBlock label={t('linux.tip.wget')} text={installCommand('wget')} />
      <CommandBlock label={t('linux.tip.rules')} text={udevRules()} />
    </AppDialog>
  );
}

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
      <LinuxPermissionTip open={tip === 'linux'} onClose={close} />
      <FirefoxTip open={tip === 'firefox'} onClose={close} />
    </>
  );
}
