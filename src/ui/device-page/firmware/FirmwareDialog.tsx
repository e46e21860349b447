/**
 * The firmware update dialog (spec-2 §2.3, §4; 40rem by 38.8rem): the confirm step with the battery indicator, then
 * flashing with the progress combined from dev_update over the package's files. A progress payload with an error
 * ends the progress view silently (the refused call's toast says what happened; running the same update again
 * resumes it). When the keyboard answers with its new version, OK closes the dialog after a short countdown.
 */
import { useEffect, useState } from 'react';
import type { DeviceRecord } from '../../../contract/bridge';
import type { PackageFile } from '../../../core/firmware-package';
import { attempt } from '../../call';
import { useServices } from '../../services';
import { AppDialog } from '../../widgets/AppDialog';
import { useSettingsTexts } from '../settings/settings-texts';
import { batteryLevel, combinedProgress, toBase64 } from './progress';

/** Seconds the OK button waits after a finished update. */
export const OK_COUNTDOWN = 3;

type Step = { at: 'confirm' } | { at: 'flashing'; progress: number } | { at: 'done'; fwVer: string; wait: number };

export function FirmwareDialog({
  device,
  files,
  packageName,
  onClose,
}: {
  device: DeviceRecord;
  files: readonly PackageFile[];
  packageName: string;
  onClose(): void;
}) {
  const s = useSettingsTexts();
  const { client } = useServices();
  const [step, setStep] = useState<Step>({ at: 'confirm' });
  const path = device.path;
  const battery = batteryLevel(device.electricity);

  useEffect(
    () =>
      client.on('dev_update', (update) => {
        if (update.path !== path) return;
        if (update.error === 1) setStep({ at: 'confirm' });
        else setStep((now) => (now.at === 'flashing' ? { at: 'flashing', progress: combinedProgress(update) } : now));
      }),
    [client, path],
  );

  const waiting = step.at === 'done' ? step.wait : 0;
  useEffect(() => {
    if (waiting <= 0) return;
    const timer = setTimeout(() => setStep((now) => (now.at === 'done' ? { ...now, wait: now.wait - 1 } : now)), 1000);
    return () => clearTimeout(timer);
  }, [waiting]);

  const start = async () => {
    setStep({ at: 'flashing', progress: 0 });
    const mg = files.map((f) => ({ name: f.name, data: toBase64(f.data) }));
    const result = await attempt(client.runOtherFunc({ path, cmd: 'flash', mg }));
    if (result.ok && 'fw_ver' in result.value) setStep({ at: 'done', fwVer: result.value.fw_ver, wait: OK_COUNTDOWN });
    else setStep({ at: 'confirm' });
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open && step.at !== 'flashing') onClose();
      }}
      title={s('firmware.dialog.title')}
      className="firmware-dialog"
      dataAttributes={{ 'data-step': step.at }}
      footer={
        step.at === 'confirm' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              {s('firmware.dialog.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={() => void start()}>
              {s('firmware.dialog.start')}
            </button>
          </>
        ) : step.at === 'done' ? (
          <button type="button" className="button button--primary" disabled={step.wait > 0} onClick={onClose}>
            {step.wait > 0 ? s('firmware.dialog.ok.countdown', step.wait) : s('firmware.dialog.ok')}
          </button>
        ) : undefined
      }
    >
      <p className={`firmware-battery firmware-battery--${battery.tone}`} data-tone={battery.tone}>
        {s('firmware.dialog.battery', `${battery.percent}%`)}
      </p>
      {step.at === 'confirm' && <p>{s('firmware.dialog.confirm', device.display_name, packageName)}</p>}
      {step.at === 'flashing' && (
        <>
          <p>{s('firmware.dialog.flashing')}</p>
          <progress
            className="firmware-dialog__bar"
            max={100}
            value={step.progress}
            aria-label={s('firmware.dialog.progress')}
          />
          <p aria-hidden="true">{step.progress}%</p>
        </>
      )}
      {step.at === 'done' && <p role="status">{s('firmware.dialog.done', step.fwVer)}</p>}
    </AppDialog>
  );
}
