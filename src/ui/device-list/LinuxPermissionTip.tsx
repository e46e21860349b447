/**
 * The Linux device-permission tip (spec-2 §2.2): install commands, the rule they install, "Show this every time".
 * The commands fetch the install script from this app's own address, which also serves the rule file.
 */
import { Checkbox } from 'radix-ui';
import { useId, useState } from 'react';
import { useT } from '../../i18n/store';
import { COOKIE_NAMES, getCookie, setCookie } from '../cookies';
import { copyAndSay } from '../clipboard';
import { AppDialog } from '../widgets/AppDialog';
import { CheckIcon } from '../widgets/icons';
import { tx } from './extra-texts';
import { installCommand, servedUrl, UDEV_RULE_FILE, UDEV_SCRIPT_FILE, udevRules } from './udev';

function CommandBlock({ label, text }: { label: string; text: string }) {
  const t = useT();
  const copy = () => void copyAndSay(text);
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

export default function LinuxPermissionTip({ open, onClose }: { open: boolean; onClose(): void }) {
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
      <p className="command__files">
        {tx(t, 'linux.tip.files')}{' '}
        <a href={servedUrl(UDEV_SCRIPT_FILE)} download>
          {tx(t, 'linux.tip.script')}
        </a>
        {' · '}
        <a href={servedUrl(UDEV_RULE_FILE)} download>
          {tx(t, 'linux.tip.rule.file')}
        </a>
      </p>
    </AppDialog>
  );
}
