/**
 * The switch view (spec-2 §2.5, §5): the 17 switch types as cards grouped and coloured by group letter, the warning
 * tip, and the dialogs: 4 when no key is selected, else the confirmation 2. Firmware that takes one switch type for
 * the whole board (cyber01 up to 1.2.8) selects no keys and confirms for every key. After a change the panel advises
 * recalibrating.
 */
import { useId, useState } from 'react';
import type { PerformancePayload } from '../../../contract/payloads/performance';
import { switchTypeDialog } from '../../../core/rules/perf';
import { ptx } from '../../../i18n/sections/performance';
import { useT } from '../../../i18n/store';
import { useServices } from '../../services';
import { AppDialog } from '../../widgets/AppDialog';
import { switchLabel, type SwitchType } from '../../../core/switch-types';
import { SWITCH_CARDS } from './perf-rules';

export interface SwitchPanelProps {
  path: string;
  info: PerformancePayload;
  selected: readonly number[];
  /** False when the firmware sets one switch type for the whole board. */
  perKey: boolean;
  change(pending: Promise<PerformancePayload>): Promise<{ ok: boolean }>;
}

export function SwitchPanel({ path, info, selected, perKey, change }: SwitchPanelProps) {
  const t = useT();
  const { client } = useServices();
  const ids = useId();
  const [chosen, setChosen] = useState<SwitchType | undefined>(undefined);
  const [dialog, setDialog] = useState<2 | 4 | undefined>(undefined);
  const [done, setDone] = useState(false);
  const current = info.key_switch_types[perKey ? (selected[0] ?? -1) : 0];

  const choose = (type: SwitchType) => {
    setChosen(type);
    setDone(false);
    setDialog(perKey ? switchTypeDialog(selected.length) : 2);
  };
  const confirm = async () => {
    if (!chosen) return;
    setDialog(undefined);
    const result = await change(
      client.setPerfInfo({
        path,
        ...(perKey ? { key_ids: [...selected] } : {}),
        switch_type: chosen.id,
      }),
    );
    setChosen(undefined);
    if (result.ok) setDone(true);
  };

  return (
    <section className="panel switch-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="panel__title">
        {ptx(t, 'perf.switch.title')}
      </h2>
      <p className="switch-panel__tip" role="note">
        {ptx(t, 'perf.switch.tip')}
      </p>
      {done && (
        <p className="switch-panel__done" role="status">
          {ptx(t, 'perf.switch.done')}
        </p>
      )}
      <ul className="switch-panel__cards">
        {SWITCH_CARDS.map((type) => {
          return (
            <li key={type.id}>
              <button
                type="button"
                className={`switch-card switch-card--${type.group}`}
                data-switch-type={type.id}
                aria-pressed={current === type.id}
                aria-label={switchLabel(type)}
                onClick={() => choose(type)}
              >
                <span className="switch-card__group">{type.group}</span>
                <span className="switch-card__number">{type.number}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <AppDialog
        open={dialog === 4}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title={ptx(t, 'perf.switch.empty.title')}
        description={ptx(t, 'perf.switch.empty.body')}
        dataAttributes={{ 'data-dialog-type': '4' }}
        footer={
          <button type="button" className="button button--primary" onClick={() => setDialog(undefined)}>
            {ptx(t, 'perf.ok')}
          </button>
        }
      />
      <AppDialog
        open={dialog === 2}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title={ptx(t, 'perf.switch.confirm.title')}
        description={
          chosen
            ? perKey
              ? ptx(t, 'perf.switch.confirm.body', selected.length, switchLabel(chosen))
              : ptx(t, 'perf.switch.all.body', switchLabel(chosen))
            : ''
        }
        dataAttributes={{ 'data-dialog-type': '2' }}
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setDialog(undefined)}>
              {ptx(t, 'perf.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={() => void confirm()}>
              {ptx(t, 'perf.ok')}
            </button>
          </>
        }
      />
    </section>
  );
}
