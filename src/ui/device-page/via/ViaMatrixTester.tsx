/**
 * The keyboard tester's matrix mode for VIA keyboards: the switches the keyboard itself reports as down (its switch
 * matrix, not the computer's key events), drawn on the keyboard with each key's press count, read at the link's pace
 * while shown. Pause stops the reads; so do leaving the tester and hiding the page.
 */
import '../family-texts';
import { useState } from 'react';
import { useT } from '../../../i18n/store';
import { useDeviceRecord } from '../../device-features';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { useServices } from '../../services';
import { useMatrixPoll } from './use-matrix-poll';
import { refusalText, useFirstLayerLegends } from './via-shared';

const DOWN_FILL = '#f5a524';
const TESTED_FILL = '#8fd9a8';

export function ViaMatrixTester({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const record = useDeviceRecord(path);
  const [paused, setPaused] = useState(false);
  const hasMatrix = record?.layout != null && record.features.matrixTester;
  const { snapshot, error, polling, reset, retry } = useMatrixPoll(client, path, hasMatrix && !paused);
  const { down, counts, rate } = snapshot;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const legendOf = useFirstLayerLegends(path);

  if (!record || !hasMatrix)
    return (
      <section className="panel via-matrix">
        <h2 className="panel__title">{t('via.matrix.title')}</h2>
        <p className="via-muted">{t('via.matrix.noLayout')}</p>
      </section>
    );

  return (
    <section className="panel via-matrix" aria-labelledby="via-matrix-title" data-polling={polling ? 'on' : 'off'}>
      <div className="via-matrix__head">
        <h2 className="panel__title" id="via-matrix-title">
          {t('via.matrix.title')}
        </h2>
        <div className="via-matrix__buttons">
          <button type="button" className="button button--secondary button--small" onClick={reset}>
            {t('via.matrix.reset')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-pressed={paused}
            onClick={() => setPaused(!paused)}
          >
            {paused ? t('via.matrix.resume') : t('via.matrix.pause')}
          </button>
        </div>
      </div>
      <p className="via-muted">{t('via.matrix.help')}</p>
      <p className="via-matrix__stats" role="status" aria-live="off">
        <span data-down={down.size}>{t('via.matrix.down', down.size)}</span>
        <span data-total={total}>{t('via.matrix.presses', total)}</span>
        <span data-rate={rate}>{polling ? t('via.matrix.rate', rate) : t('via.matrix.paused')}</span>
      </p>
      {error !== undefined && (
        <div className="via-problem" role="alert">
          <p>
            {t('via.matrix.stopped')} {refusalText(t, error)}
          </p>
          <button type="button" className="button button--secondary button--small" onClick={retry}>
            {t('via.retry')}
          </button>
        </div>
      )}
      <div className="via-matrix__drawing">
        <KeyboardDrawing
          layout={record.layout}
          mode="key_code"
          useMode={null}
          label={t('via.matrix.drawing')}
          keyPrinted={legendOf}
          keyLabel={(id) => [legendOf(id), counts.get(id)].filter((part) => part !== undefined).join(' ')}
          keyFill={(id) => (down.has(id) ? DOWN_FILL : counts.has(id) ? TESTED_FILL : undefined)}
          keyDescription={(id) => t('via.matrix.key', counts.get(id) ?? 0)}
        />
      </div>
    </section>
  );
}
