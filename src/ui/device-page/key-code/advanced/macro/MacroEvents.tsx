/**
 * The macro's event list: press and release of each key with the delay that follows it. A delay edit applies on
 * Enter or when the field loses focus; empty or zero input is ignored and the field shows the kept value again.
 * The last event has no delay (nothing follows it). Removing a key removes its press and its release.
 */
import '../texts';
import { useState } from 'react';
import { removeMacroKey, setMacroEventDelay, type MacroEvent } from '../../../../../core/advanced-keys';
import { digitsOnly } from '../../../../../core/rules/numeric';
import { useT } from '../../../../../i18n/store';
import { CloseIcon } from '../../../../widgets/icons';

function DelayField({ event, index, onCommit }: { event: MacroEvent; index: number; onCommit(text: string): void }) {
  const t = useT();
  const [draft, setDraft] = useState(String(event.delay));
  const commit = () => {
    onCommit(draft);
    // When the edit was ignored the event keeps its delay; show it again.
    setDraft(String(event.delay));
  };
  return (
    <input
      className="input adv-input--short"
      inputMode="numeric"
      aria-label={t('adv.macro.delay.label', index + 1)}
      value={draft}
      onChange={(e) => setDraft(digitsOnly(e.target.value))}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}

export function MacroEvents({
  events,
  onChange,
}: {
  events: readonly MacroEvent[];
  onChange(events: MacroEvent[]): void;
}) {
  const t = useT();
  if (events.length === 0) return <p className="adv-empty">{t('adv.macro.events.none')}</p>;
  return (
    <div className="macro-events">
      <table className="macro-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('adv.macro.col.action')}</th>
            <th scope="col">{t('adv.macro.col.key')}</th>
            <th scope="col">{t('adv.macro.col.delay')}</th>
            <th scope="col">
              <span className="sr-only">{t('adv.macro.col.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((ev, i) => {
            const last = i === events.length - 1;
            return (
              <tr key={`${i}-${ev.code}-${ev.is_down ? 'd' : 'u'}`} data-down={ev.is_down}>
                <td className="macro-table__index">{i + 1}</td>
                <td>
                  <span className={`macro-dir macro-dir--${ev.is_down ? 'down' : 'up'}`}>
                    <span aria-hidden="true">{ev.is_down ? '↓' : '↑'}</span>
                    {t(ev.is_down ? 'adv.macro.press' : 'adv.macro.release')}
                  </span>
                </td>
                <td>
                  <kbd className="adv-card__key">{ev.name}</kbd>
                </td>
                <td>
                  {last ? (
                    <span className="macro-table__last" title={t('adv.macro.delay.last')}>
                      {t('adv.ms', 0)}
                    </span>
                  ) : (
                    <DelayField
                      key={`${i}-${ev.delay}`}
                      event={ev}
                      index={i}
                      onCommit={(text) => onChange(setMacroEventDelay(events, i, text))}
                    />
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('adv.macro.remove', ev.name, i + 1)}
                    onClick={() => onChange(removeMacroKey(events, i))}
                  >
                    <CloseIcon size={14} />
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
