/**
 * Calibration of a libhmk keyboard: recalibrate (the keyboard samples its keys at rest), the initial rest value and
 * bottom-out threshold it starts from, and on firmware that can, saving the thresholds it has learned. A value that
 * is not a whole number in range is named and nothing is sent.
 */
import { useEffect, useId, useState } from 'react';
import type { LibhmkCalibration } from '../../../contract/areas/libhmk';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useServices } from '../../services';

const MAX = 65535;

function wholeNumber(text: string): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n <= MAX ? n : undefined;
}

export function CalibrationPanel({ path, canSave }: { path: string; canSave: boolean }) {
  const t = useT();
  const { client } = useServices();
  const titleId = useId();
  const restId = useId();
  const bottomId = useId();
  const problemId = useId();
  const [held, setHeld] = useState<LibhmkCalibration | undefined>(undefined);
  const [rest, setRest] = useState('');
  const [bottom, setBottom] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'recalibrate' | 'apply' | 'save' | undefined>(undefined);
  const [status, setStatus] = useState('');

  const show = (c: LibhmkCalibration) => {
    setHeld(c);
    setRest(String(c.rest));
    setBottom(String(c.bottom_out));
  };
  useEffect(() => {
    let live = true;
    void attempt(client.libhmkGetCalibration({ path })).then((r) => live && r.ok && show(r.value));
    return () => {
      live = false;
    };
  }, [client, path]);

  const run = async (what: 'recalibrate' | 'apply' | 'save', call: () => Promise<LibhmkCalibration>, done: string) => {
    setBusy(what);
    setStatus(what === 'recalibrate' ? t('libhmk.calibration.recalibrating') : '');
    const result = await attempt(call());
    if (result.ok) show(result.value);
    setStatus(result.ok ? done : '');
    setBusy(undefined);
  };
  const apply = () => {
    const r = wholeNumber(rest);
    const b = wholeNumber(bottom);
    if (r === undefined || b === undefined) {
      setProblem(
        t(
          'libhmk.calibration.err.value',
          t(r === undefined ? 'libhmk.calibration.rest' : 'libhmk.calibration.bottomOut'),
        ),
      );
      return;
    }
    setProblem(undefined);
    void run(
      'apply',
      () => client.libhmkSetCalibration({ path, rest: r, bottom_out: b }),
      t('libhmk.calibration.saved'),
    );
  };
  const changed = held !== undefined && (rest !== String(held.rest) || bottom !== String(held.bottom_out));
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="libhmk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={value}
        disabled={busy !== undefined || !held}
        aria-invalid={problem !== undefined && wholeNumber(value) === undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => {
          set(e.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(e) => e.key === 'Enter' && apply()}
      />
    </div>
  );

  return (
    <section className="panel libhmk-calibration" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('libhmk.calibration.title')}
      </h2>
      <p className="gamepad-note">{t('libhmk.calibration.desc')}</p>
      <div className="libhmk-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy !== undefined}
          onClick={() =>
            void run('recalibrate', () => client.libhmkRecalibrate({ path }), t('libhmk.calibration.recalibrated'))
          }
        >
          {t('libhmk.calibration.recalibrate')}
        </button>
        {canSave && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== undefined}
            title={t('libhmk.calibration.save.desc')}
            onClick={() =>
              void run('save', () => client.libhmkSaveCalibrationThreshold({ path }), t('libhmk.calibration.saved'))
            }
          >
            {t('libhmk.calibration.save')}
          </button>
        )}
      </div>
      <div className="libhmk-row">
        {field(restId, t('libhmk.calibration.rest'), rest, setRest)}
        {field(bottomId, t('libhmk.calibration.bottomOut'), bottom, setBottom)}
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== undefined || !changed}
          onClick={apply}
        >
          {t('libhmk.calibration.apply')}
        </button>
      </div>
      <p className="gamepad-note">{t('libhmk.calibration.units')}</p>
      {problem && (
        <p className="gamepad-problem" id={problemId} role="alert">
          {problem}
        </p>
      )}
      <p className="gamepad-saved" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
