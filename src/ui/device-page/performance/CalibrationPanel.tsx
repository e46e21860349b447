/**
 * The calibration panel of the verify view (spec-2 §2.5, §4, spec-1's calibration display): the not-started tips,
 * Start (0 or 2) which first refuses keys held down, then sets state 1 behind the wait dialog (type 3, index 1) that
 * counts 2, 1 and closes at 0; the three steps and the progress while running, with the last key calibrated named
 * beside "Calibration Normal"; Save (state 2) and Cancel (state 0); the manual calibration text. Every change is sent to the device; its up_calibration events drive the drawing's colours.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { PerformancePayload } from '../../../contract/payloads/performance';
import { ptx } from '../../../i18n/sections/performance';
import { useLanguage, useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useFeatures } from '../../device-features';
import { useServices } from '../../services';
import { AppDialog } from '../../widgets/AppDialog';
import { CALIBRATION_WAIT_MS, heldKeys, keyProgress, type AdcRange } from './calibration';

const TICK_MS = 1000;

export interface CalibrationPanelProps {
  path: string;
  info: PerformancePayload;
  legendOf(id: number): string;
  /** Each key's range before the run, kept by the tab for the drawing's colours. */
  before: readonly AdcRange[] | undefined;
  onBefore(ranges: readonly AdcRange[] | undefined): void;
  change(pending: Promise<PerformancePayload>): Promise<{ ok: boolean }>;
}

export function CalibrationPanel({ path, info, legendOf, before, onBefore, change }: CalibrationPanelProps) {
  const features = useFeatures(path);
  const autoCalibration = features.settings.autoCalibration;
  const doneShare = features.calibration?.doneShare;
  const language = useLanguage();
  const t = useT();
  const { client } = useServices();
  const ids = useId();
  // Seconds left in the wait before a run; undefined when no wait is on. The dialog closes at 0.
  const [countdown, setCountdown] = useState<number | undefined>(undefined);
  const waiting = countdown !== undefined;
  const [held, setHeld] = useState<number[]>([]);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const state = info.calibration_state;
  const running = state === 1;

  // The key most recently calibrated in this run, for the "Calibration Normal" line.
  const [lastNormal, setLastNormal] = useState<number | undefined>(undefined);
  const doneBefore = useRef<ReadonlySet<number>>(new Set());
  const doneIds = running
    ? info.key_calibrations.flatMap((run, id) => (keyProgress(run, before?.[id], doneShare) === 'done' ? [id] : []))
    : [];
  const doneKey = doneIds.join(',');
  useEffect(() => {
    const now = new Set(doneKey ? doneKey.split(',').map(Number) : []);
    const fresh = [...now].filter((id) => !doneBefore.current.has(id));
    doneBefore.current = now;
    if (now.size === 0) setLastNormal(undefined);
    else if (fresh.length > 0) setLastNormal(fresh[fresh.length - 1]);
  }, [doneKey]);

  const start = async () => {
    setHeld([]);
    // Fresh readings: a key held now would have its pressed reading taken as its rest value.
    const fresh = await attempt(client.getKeyPerfInfo({ path }));
    if (!fresh.ok) return;
    const pressed = heldKeys(fresh.value.key_adcs, fresh.value.key_calibrations);
    if (pressed.length > 0) {
      setHeld(pressed);
      return;
    }
    onBefore(fresh.value.key_calibrations);
    clearInterval(timer.current);
    setCountdown(CALIBRATION_WAIT_MS / TICK_MS);
    const result = await change(client.setPerfInfo({ path, key_ids: [0], calibration: { state: 1 } }));
    if (!result.ok) {
      setCountdown(undefined);
      onBefore(undefined);
      return;
    }
    timer.current = setInterval(() => {
      setCountdown((left) => {
        const next = (left ?? 1) - 1;
        if (next > 0) return next;
        clearInterval(timer.current);
        return undefined;
      });
    }, TICK_MS);
  };
  const finish = async (next: 0 | 2) => {
    const result = await change(client.setPerfInfo({ path, key_ids: [0], calibration: { state: next } }));
    if (result.ok) onBefore(undefined);
  };

  const done = doneIds.length;

  return (
    <section className="panel calibration-panel" aria-labelledby={`${ids}-title`} data-state={state}>
      <h2 id={`${ids}-title`} className="panel__title">
        {ptx(t, 'perf.cal.title')}
      </h2>
      <p className="calibration-panel__state" role="status">
        {ptx(t, state === 1 ? 'perf.cal.state.1' : state === 2 ? 'perf.cal.state.2' : 'perf.cal.state.0')}
        {running && ` · ${ptx(t, 'perf.cal.progress', done, info.key_calibrations.length)}`}
      </p>
      {running && (
        <p className="calibration-panel__normal" role="status" data-testid="calibration-normal">
          {lastNormal !== undefined && ptx(t, 'perf.cal.normal.key', legendOf(lastNormal), ptx(t, 'perf.cal.normal'))}
        </p>
      )}
      {held.length > 0 && (
        <p className="calibration-panel__held" role="alert">
          {ptx(t, 'perf.cal.held', held.length, held.map(legendOf).join(', '))}
        </p>
      )}
      {running ? (
        <ol className="calibration-panel__steps">
          <li>{ptx(t, 'perf.cal.step.1')}</li>
          <li>{ptx(t, 'perf.cal.step.2')}</li>
          <li>{ptx(t, 'perf.cal.step.3')}</li>
        </ol>
      ) : (
        <ul className="calibration-panel__tips">
          <li>{ptx(t, 'perf.cal.tip.1')}</li>
          <li>{ptx(t, 'perf.cal.tip.2')}</li>
          <li>{ptx(t, 'perf.cal.tip.3')}</li>
        </ul>
      )}
      <div className="calibration-panel__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={waiting}
          onClick={() => void (running ? finish(2) : start())}
        >
          {ptx(t, running ? 'perf.cal.save' : 'perf.cal.start')}
        </button>
        {running && (
          <button type="button" className="button button--secondary" onClick={() => void finish(0)}>
            {ptx(t, 'perf.cal.cancel')}
          </button>
        )}
      </div>
      <p className="calibration-panel__manual">
        {/* What automatic calibration does is said only where the keyboard has it (Device settings). Chinese sets
            sentences side by side; English puts a space between them. */}
        {[ptx(t, 'perf.cal.manual'), ...(autoCalibration ? [ptx(t, 'perf.cal.manual.auto')] : [])].join(
          language === 'zh_CN' ? '' : ' ',
        )}
      </p>
      <AppDialog
        open={waiting}
        onOpenChange={() => undefined}
        title={ptx(t, 'perf.cal.wait.title')}
        description={ptx(t, 'perf.cal.wait.body')}
        dataAttributes={{ 'data-dialog-type': '3', 'data-dialog-index': '1' }}
      >
        <p className="calibration-panel__countdown" role="status">
          {countdown !== undefined && ptx(t, 'perf.cal.wait.count', countdown)}
        </p>
      </AppDialog>
    </section>
  );
}
