/**
 * The firmware update dialog (spec-2 §2.3, §4; 40rem by 38.8rem), for a local package or the online update.
 *
 * Online, it first checks (the update checker's sources), then confirms with the version, the release notes and the
 * battery indicator, downloads the package by GET as a blob with its progress, and flashes it; a local package starts
 * at the confirm step. Flashing shows the progress combined from dev_update over the package's files; cyber01 and
 * made68 show a per-second counter instead, and when such a keyboard has not entered upgrade mode 11 seconds after
 * Start, the timeout toast shows and the dialog returns to the confirm step. The hardware check (dev_update_hw_check)
 * opens the flashing step's writing phase, or ends the update with "file does not fit" and the device's hardware
 * version. A progress payload with an error returns to the confirm step silently (the refused call's toast says what
 * happened; running the same update again resumes it). When the keyboard answers with its new version, OK closes the
 * dialog after a countdown. The keyboard can be reset to its factory settings from the confirm step.
 */
import { useEffect, useRef, useState } from 'react';
import { BridgeCallError, type DeviceRecord } from '../../../contract/bridge';
import { firmwareModelId, readFirmwarePackage, type PackageFile } from '../../../core/firmware-package';
import { modelById } from '../../../core/models';
import { TOAST_KEYS } from '../../../core/toast-keys';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useLoadingStore } from '../../loading-store';
import { useServices } from '../../services';
import { pushKeyToast, quietToasts } from '../../toasts/store';
import { NEWER_TYPE, type CheckResult } from '../../update-checker';
import { AppDialog } from '../../widgets/AppDialog';
import { BatteryIcon } from '../../widgets/icons';
import { useSettingsTexts, type SettingsTextId } from '../settings/settings-texts';
import { PROBLEM_TEXTS } from './package-texts';
import {
  batteryLevel,
  combinedProgress,
  simulatedProgress,
  SIMULATED_TIMEOUT_S,
  toBase64,
  usesSimulatedProgress,
} from './progress';

/** Seconds the OK button waits after a finished update. */
export const OK_COUNTDOWN = 3;

/** The toast key of a refusal for want of USB power (spec-2 §8 catalogue). */
export const USB_POWER_KEY = TOAST_KEYS.usbPower;

export type FirmwareSource = { kind: 'local'; files: readonly PackageFile[]; packageName: string } | { kind: 'online' };

/** Refusals the dialog words in its own notice. */
const SAID_IN_DIALOG = [TOAST_KEYS.firmwareFileInvalid, TOAST_KEYS.firmwareFileHardware];

/** The model the package's firmware is made for, by the first image that names one. */
function packageModel(files: readonly PackageFile[]): string | undefined {
  for (const file of files) {
    const id = firmwareModelId(file.data);
    if (id !== undefined) return modelById(id)?.displayName;
  }
  return undefined;
}

/** Why an update stopped, said in the dialog: the spec's catalogue outcomes and the package's problems. */
type Notice =
  | { kind: 'none' }
  | { kind: 'not-fit'; hw: string }
  | { kind: 'other-model'; model: string | undefined }
  | { kind: 'upgrade-mode' }
  | { kind: 'power' }
  | { kind: 'download' }
  | { kind: 'package'; text: SettingsTextId }
  | { kind: 'reset-done' };

type Step =
  | { at: 'checking' }
  | { at: 'confirm'; notice?: Notice }
  | { at: 'downloading'; progress: number }
  | { at: 'flashing'; progress: number; hw?: string }
  | { at: 'done'; fwVer: string; wait: number }
  | { at: 'ended'; notice: Notice }
  | { at: 'reset' };

const busy = (step: Step) => step.at === 'downloading' || step.at === 'flashing';

/** The files of a downloaded package: a .zip read as a local one, or a bare .mg image. */
function packageFiles(bytes: Uint8Array, url: string) {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'firmware.mg');
  if (name.toLowerCase().endsWith('.mg'))
    return { ok: true as const, kind: 'flash' as const, files: [{ name, data: bytes }] };
  return readFirmwarePackage(bytes);
}

export function FirmwareDialog({
  device,
  source,
  onClose,
}: {
  device: DeviceRecord;
  source: FirmwareSource;
  onClose(): void;
}) {
  const s = useSettingsTexts();
  const t = useT();
  const { client, updates } = useServices();
  const [step, setStep] = useState<Step>(source.kind === 'online' ? { at: 'checking' } : { at: 'confirm' });
  const [release, setRelease] = useState<CheckResult | undefined>(undefined);
  const path = device.path;
  const battery = batteryLevel(device.electricity);
  const simulated = usesSimulatedProgress(device);
  /** Bumped when a flash is given up (timeout, closed dialog): its late answer then changes nothing. */
  const run = useRef(0);
  /** True once the keyboard has reported progress: it is in upgrade mode. */
  const entered = useRef(false);

  useEffect(() => () => void run.current++, []);
  // The dialog says why a file does not suit this keyboard itself: the service's toast would say it a second time.
  useEffect(() => quietToasts(SAID_IN_DIALOG), []);

  // Online: the check comes first, once, for the device as the dialog opened on it.
  const checked = useRef(device);
  useEffect(() => {
    if (source.kind !== 'online') return;
    let live = true;
    void updates.check(checked.current, { fresh: true }).then((outcome) => {
      if (!live) return;
      const available = outcome.newer_type === NEWER_TYPE.available;
      if (available) setRelease(outcome.result);
      setStep((now) =>
        now.at !== 'checking' ? now : available ? { at: 'confirm' } : { at: 'ended', notice: { kind: 'none' } },
      );
    });
    return () => {
      live = false;
    };
  }, [source.kind, updates]);

  useEffect(() => {
    const offProgress = client.on('dev_update', (update) => {
      if (update.path !== path) return;
      if (update.error === 1) {
        setStep((now) => (now.at === 'flashing' ? { at: 'confirm' } : now));
        return;
      }
      entered.current = true;
      if (!simulated) setStep((now) => (now.at === 'flashing' ? { ...now, progress: combinedProgress(update) } : now));
    });
    const offCheck = client.on('dev_update_hw_check', (check) => {
      if (check.path !== path) return;
      setStep((now) => {
        if (now.at !== 'flashing') return now;
        return check.ok ? { ...now, hw: check.hw_ver } : { at: 'ended', notice: { kind: 'not-fit', hw: check.hw_ver } };
      });
    });
    return () => {
      offProgress();
      offCheck();
    };
  }, [client, path, simulated]);

  // cyber01 and made68: a per-second counter, and the timeout while the keyboard has not entered upgrade mode.
  const flashing = step.at === 'flashing';
  useEffect(() => {
    if (!flashing || !simulated) return;
    const id = run.current;
    let seconds = 0;
    const timer = setInterval(() => {
      seconds++;
      if (seconds >= SIMULATED_TIMEOUT_S && !entered.current) {
        clearInterval(timer);
        if (run.current !== id) return;
        run.current++;
        pushKeyToast(TOAST_KEYS.updateTimeout);
        setStep({ at: 'confirm', notice: { kind: 'upgrade-mode' } });
        return;
      }
      setStep((now) => (now.at === 'flashing' ? { ...now, progress: simulatedProgress(seconds) } : now));
    }, 1000);
    return () => clearInterval(timer);
  }, [flashing, simulated]);

  const waiting = step.at === 'done' ? step.wait : 0;
  useEffect(() => {
    if (waiting <= 0) return;
    const timer = setTimeout(() => setStep((now) => (now.at === 'done' ? { ...now, wait: now.wait - 1 } : now)), 1000);
    return () => clearTimeout(timer);
  }, [waiting]);

  const flash = async (files: readonly PackageFile[]) => {
    const id = ++run.current;
    entered.current = false;
    setStep({ at: 'flashing', progress: 0 });
    const mg = files.map((f) => ({ name: f.name, data: toBase64(f.data) }));
    const result = await attempt(client.runOtherFunc({ path, cmd: 'flash', mg }));
    if (run.current !== id) return;
    run.current++;
    if (result.ok && 'fw_ver' in result.value) {
      setStep({ at: 'done', fwVer: result.value.fw_ver, wait: OK_COUNTDOWN });
      return;
    }
    const key = !result.ok && result.error instanceof BridgeCallError ? result.error.toastKey : undefined;
    if (key === TOAST_KEYS.firmwareFileInvalid)
      setStep({ at: 'ended', notice: { kind: 'other-model', model: packageModel(files) } });
    else if (key === TOAST_KEYS.firmwareFileHardware)
      setStep({ at: 'ended', notice: { kind: 'not-fit', hw: device.hw_ver } });
    else if (key === USB_POWER_KEY) setStep({ at: 'confirm', notice: { kind: 'power' } });
    else if (key === TOAST_KEYS.updateTimeout) setStep({ at: 'confirm', notice: { kind: 'upgrade-mode' } });
    else setStep((now) => (now.at === 'ended' ? now : { at: 'confirm' }));
  };

  const download = async (url: string) => {
    const id = ++run.current;
    setStep({ at: 'downloading', progress: 0 });
    let bytes: Uint8Array;
    try {
      const blob = await updates.download(url, (progress) =>
        setStep((now) => (now.at === 'downloading' ? { at: 'downloading', progress } : now)),
      );
      bytes = new Uint8Array(await blob.arrayBuffer());
    } catch (e) {
      console.warn('Firmware download failed', e);
      if (run.current === id) setStep({ at: 'confirm', notice: { kind: 'download' } });
      return;
    }
    if (run.current !== id) return;
    const read = packageFiles(bytes, url);
    if (!read.ok) setStep({ at: 'ended', notice: { kind: 'package', text: PROBLEM_TEXTS[read.problem] } });
    else if (read.kind === 'request') {
      pushKeyToast(TOAST_KEYS.updateRequest);
      onClose();
    } else await flash(read.files);
  };

  const start = () => {
    if (source.kind === 'local') void flash(source.files);
    else if (release) void download(release.url);
  };

  const reset = async () => {
    const loading = useLoadingStore.getState();
    loading.setVisible(true);
    try {
      const result = await attempt(client.runOtherFunc({ path, cmd: 'reset' }));
      setStep(result.ok ? { at: 'confirm', notice: { kind: 'reset-done' } } : { at: 'confirm' });
    } finally {
      useLoadingStore.getState().setVisible(false);
    }
  };

  const noticeText = (notice: Notice): string => {
    switch (notice.kind) {
      case 'none':
        return t('fw.none');
      case 'not-fit':
        return t('fw.file.hw', notice.hw || '--');
      case 'other-model':
        return notice.model
          ? s('firmware.dialog.other.model', notice.model, device.display_name)
          : s('firmware.dialog.other.model.unknown', device.display_name);
      case 'upgrade-mode':
        return t('cfg.dev.update.interval.timeout');
      case 'power':
        return t('err.usb.power');
      case 'download':
        return s('firmware.dialog.download.failed');
      case 'package':
        return s(notice.text);
      case 'reset-done':
        return s('settings.reset.done');
    }
  };
  const noticeView = (notice: Notice) => (
    <p
      className={`firmware-notice firmware-notice--${notice.kind === 'reset-done' || notice.kind === 'none' ? 'info' : 'problem'}`}
      role={notice.kind === 'reset-done' || notice.kind === 'none' ? 'status' : 'alert'}
      data-notice={notice.kind}
    >
      {noticeText(notice)}
    </p>
  );

  const cancel = (
    <button type="button" className="button button--ghost" onClick={onClose}>
      {s('firmware.dialog.cancel')}
    </button>
  );
  const footer = (() => {
    switch (step.at) {
      case 'checking':
        return cancel;
      case 'confirm':
        return (
          <>
            <button
              type="button"
              className="button button--secondary firmware-dialog__reset"
              onClick={() => setStep({ at: 'reset' })}
            >
              {s('firmware.dialog.reset')}
            </button>
            {cancel}
            <button type="button" className="button button--primary" onClick={start}>
              {source.kind === 'online' ? t('fw.latest') : s('firmware.dialog.start')}
            </button>
          </>
        );
      case 'done':
        return (
          <button type="button" className="button button--primary" disabled={step.wait > 0} onClick={onClose}>
            {step.wait > 0 ? s('firmware.dialog.ok.countdown', step.wait) : s('firmware.dialog.ok')}
          </button>
        );
      case 'ended':
        return (
          <button type="button" className="button button--primary" onClick={onClose}>
            {s('firmware.dialog.ok')}
          </button>
        );
      case 'reset':
        return (
          <>
            <button type="button" className="button button--ghost" onClick={() => setStep({ at: 'confirm' })}>
              {s('firmware.dialog.reset.back')}
            </button>
            <button type="button" className="button button--primary" onClick={() => void reset()}>
              {s('firmware.dialog.reset.yes')}
            </button>
          </>
        );
      default:
        return undefined;
    }
  })();

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open && !busy(step)) onClose();
      }}
      title={s('firmware.dialog.title')}
      className="firmware-dialog"
      dataAttributes={{ 'data-step': step.at }}
      footer={footer}
    >
      <p className={`firmware-battery firmware-battery--${battery.tone}`} data-tone={battery.tone}>
        <BatteryIcon percent={battery.tone === 'low' ? undefined : battery.percent} size={22} />
        {s('firmware.dialog.battery', battery.percent === undefined ? '--' : `${battery.percent}%`)}
      </p>
      {step.at === 'checking' && <p role="status">{s('firmware.dialog.checking')}</p>}
      {step.at === 'confirm' && (
        <>
          {step.notice && noticeView(step.notice)}
          {source.kind === 'local' ? (
            <p>{s('firmware.dialog.confirm', device.display_name, source.packageName)}</p>
          ) : (
            release && (
              <>
                <p>{s('firmware.dialog.available', release.update_fw_ver, device.display_name, device.fw_ver)}</p>
                {release.msg && <p className="firmware-dialog__notes">{release.msg}</p>}
                <p>{t('fw.keep.usb')}</p>
              </>
            )
          )}
        </>
      )}
      {step.at === 'downloading' && (
        <>
          <p>{s('firmware.dialog.downloading', release?.update_fw_ver ?? '')}</p>
          <progress
            className="firmware-dialog__bar"
            max={100}
            value={step.progress}
            aria-label={s('firmware.dialog.download.progress')}
          />
          <p aria-hidden="true">{step.progress}%</p>
        </>
      )}
      {step.at === 'flashing' && (
        <>
          <p>{s('firmware.dialog.flashing')}</p>
          {step.hw !== undefined && <p data-hw-check="ok">{s('firmware.dialog.hw.ok', step.hw)}</p>}
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
      {step.at === 'ended' && noticeView(step.notice)}
      {step.at === 'reset' && <p>{s('firmware.dialog.reset.body')}</p>}
    </AppDialog>
  );
}
