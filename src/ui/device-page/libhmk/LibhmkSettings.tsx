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
import { Slider } from '../../widgets/slider/Slider';
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

/** libhmk's factory tick rate (DEFAULT_TICK_RATE). */
const DEFAULT_TICK_RATE = 30;

/** The edited profile's tick rate: a slider over the range the keyboard takes, written and read back. */
function TickRatePanel({ path, range }: { path: string; range: { min: number; max: number } }) {
  const t = useT();
  const { client } = useServices();
  const titleId = useId();
  const [held, setHeld] = useState<number | undefined>(undefined);
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const [profile, setProfile] = useState<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([attempt(client.libhmkGetTickRate({ path })), attempt(client.libhmkGetProfile({ path }))]).then(
      ([rate, state]) => {
        if (!live) return;
        if (rate.ok) setHeld(rate.value);
        if (state.ok) setProfile(state.value.edited);
        setFailed(!rate.ok);
      },
    );
    return () => {
      live = false;
    };
  }, [client, path]);
  const write = async (value: number) => {
    setBusy(true);
    setSaved(false);
    const result = await attempt(client.libhmkSetTickRate({ path, value }));
    // A write that did not take: show what the keyboard holds now.
    const now = result.ok ? result : await attempt(client.libhmkGetTickRate({ path }));
    if (now.ok) setHeld(now.value);
    setSaved(result.ok);
    setDraft(undefined);
    setBusy(false);
  };
  return (
    <section className="panel libhmk-tick" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.tick.title')}
      </h2>
      {failed && (
        <p className="gamepad-problem" role="alert">
          {t('libhmk.tick.failed')}
        </p>
      )}
      <Slider
        label={t('libhmk.tick.label', profile === undefined ? '' : profile + 1)}
        value={draft ?? held ?? DEFAULT_TICK_RATE}
        min={range.min}
        max={range.max}
        step={1}
        unit={t('libhmk.tick.unit')}
        marks={[{ value: DEFAULT_TICK_RATE, label: t('libhmk.tick.default') }]}
        disabled={busy || held === undefined}
        onChange={setDraft}
        onCommit={(v) => void write(v)}
      />
      <p className="gamepad-note">{t('libhmk.tick.desc')}</p>
      <p className="gamepad-saved" role="status" aria-live="polite">
        {saved && held !== undefined ? t('libhmk.tick.saved', held) : ''}
      </p>
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
      {features.performance?.tickRate && <TickRatePanel path={path} range={features.performance.tickRate} />}
      {features.calibration?.thresholds && (
        <CalibrationPanel path={path} canSave={features.calibration.saveThreshold} />
      )}
      {features.bootloader && <BootloaderPanel path={path} />}
    </div>
  );
}
