/**
 * The settings only a libhmk keyboard has, below the Device settings: its named options (only those the record's
 * features list at its firmware version), calibration, and restarting into the bootloader after a confirmation that
 * says the keyboard stops typing until it is flashed or plugged in again.
 */
import '../family-texts';
import { useEffect, useId, useState } from 'react';
import type { MessageId } from '../../../i18n/en_US';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { useServices } from '../../services';
import { AppDialog } from '../../widgets/AppDialog';
import { OnOff } from '../../widgets/OnOff';
import { CalibrationPanel } from './CalibrationPanel';
import '../../styles/libhmk.css';

const optionText = (name: string, suffix = '') => `libhmk.option.${name}${suffix}` as MessageId;

function OptionsPanel({ path, names }: { path: string; names: readonly string[] }) {
  const t = useT();
  const { client } = useServices();
  const titleId = useId();
  const [options, setOptions] = useState<Record<string, boolean> | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void attempt(client.libhmkGetOptions({ path })).then((r) => {
      if (!live) return;
      if (r.ok) setOptions(r.value);
      setFailed(!r.ok);
    });
    return () => {
      live = false;
    };
  }, [client, path]);
  const change = async (name: string, value: boolean) => {
    setBusy(true);
    const result = await attempt(client.libhmkSetOption({ path, name, value }));
    const now = result.ok ? result : await attempt(client.libhmkGetOptions({ path }));
    if (now.ok) setOptions(now.value);
    setBusy(false);
  };
  return (
    <section className="panel libhmk-options" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.options.title')}
      </h2>
      {failed && (
        <p className="gamepad-problem" role="alert">
          {t('libhmk.option.failed')}
        </p>
      )}
      {names.map((name) => (
        <div className="gamepad-flag" key={name}>
          <OnOff
            label={t(optionText(name))}
            checked={options?.[name] === true}
            disabled={busy || !options || !(name in options)}
            onChange={(on) => void change(name, on)}
          />
          <p className="gamepad-note">{t(optionText(name, '.desc'))}</p>
        </div>
      ))}
    </section>
  );
}

function BootloaderPanel({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const restart = async () => {
    setBusy(true);
    const result = await attempt(client.libhmkBootloader({ path }));
    setBusy(false);
    setOpen(false);
    setSent(result.ok);
  };
  return (
    <section className="panel libhmk-bootloader" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.bootloader.title')}
      </h2>
      <p className="gamepad-note">{t('libhmk.bootloader.desc')}</p>
      <button type="button" className="button button--secondary libhmk-danger" onClick={() => setOpen(true)}>
        {t('libhmk.bootloader.button')}
      </button>
      <p className="gamepad-saved" role="status" aria-live="polite">
        {sent ? t('libhmk.bootloader.sent') : ''}
      </p>
      <AppDialog
        open={open}
        onOpenChange={(o) => !busy && setOpen(o)}
        title={t('libhmk.bootloader.confirm.title')}
        description={t('libhmk.bootloader.confirm.body')}
        footer={
          <>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('libhmk.bootloader.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary libhmk-danger"
              disabled={busy}
              onClick={() => void restart()}
            >
              {t('libhmk.bootloader.confirm.ok')}
            </button>
          </>
        }
      />
    </section>
  );
}

export function LibhmkSettings({ path }: { path: string }) {
  const t = useT();
  const record = useDeviceRecord(path);
  if (!record?.features.screens.includes('libhmk-settings')) return null;
  const { features } = record;
  const options = features.options ?? [];
  return (
    <div className="libhmk-settings" role="group" aria-label={t('libhmk.settings.title')}>
      {options.length > 0 && <OptionsPanel path={path} names={options} />}
      {features.calibration?.thresholds && (
        <CalibrationPanel path={path} canSave={features.calibration.saveThreshold} />
      )}
      {features.bootloader && <BootloaderPanel path={path} />}
    </div>
  );
}
