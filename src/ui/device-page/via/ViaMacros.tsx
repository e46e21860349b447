/**
 * The macro buffer of a VIA keyboard: bytes used of its size, the macros M0…Mn in words (text, taps, waits), and the
 * editor of one macro. A buffer a cut write left locked is said so, with the way out: write the macros again.
 */
import { useState } from 'react';
import { BridgeCallError } from '../../../contract/bridge';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { useServices } from '../../services';
import { macroWords } from './macro-words';
import { ViaMacroEditor } from './ViaMacroEditor';
import { ReadState, useViaRead } from './via-shared';

export function ViaMacros({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const record = useDeviceRecord(path);
  const space = record?.features.keycodeSpace ?? 'qmk-v12';
  const { state, reload, set } = useViaRead(() => client.viaGetMacros({ path }), [client, path]);
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const [written, setWritten] = useState(false);

  const locked =
    state.status === 'failed' &&
    state.error instanceof BridgeCallError &&
    state.error.toastKey === 'via.macros.halfWritten';
  const clearAll = async () => {
    const result = await attempt(client.viaSetMacros({ path, macros: [] }));
    if (result.ok) set(result.value);
  };

  return (
    <section className="via-section" aria-labelledby="via-macros-title">
      <h2 className="panel__title" id="via-macros-title">
        {t('via.macros.title')}
      </h2>
      {locked ? (
        <div className="via-problem" role="alert">
          <p>{t('via.macros.halfWritten')}</p>
          <button type="button" className="button button--secondary button--small" onClick={() => void clearAll()}>
            {t('via.macros.clearAll')}
          </button>
        </div>
      ) : (
        <ReadState state={state} reload={() => void reload()}>
          {(macros) => (
            <>
              <div className="via-usage">
                <progress
                  className="via-usage__bar"
                  value={Math.min(macros.used, macros.bytes)}
                  max={macros.bytes}
                  aria-label={t('via.macros.usageLabel')}
                />
                <span className="via-usage__text">{t('via.macros.usage', macros.used, macros.bytes)}</span>
              </div>
              {written && (
                <p className="via-ok" role="status">
                  {t('via.macros.written')}
                </p>
              )}
              <ul className="via-macros">
                {macros.macros.map((m, i) => (
                  <li key={i} className={`via-macro ${editing === i ? 'via-macro--editing' : ''}`} data-macro={i}>
                    <span className="via-macro__name">M{i}</span>
                    <span className={`via-macro__words ${m.length ? '' : 'via-muted'}`}>{macroWords(t, space, m)}</span>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={editing !== undefined}
                      aria-label={t('via.macros.edit', i)}
                      onClick={() => {
                        setWritten(false);
                        setEditing(i);
                      }}
                    >
                      {t('via.macros.editButton')}
                    </button>
                    {editing === i && (
                      <ViaMacroEditor
                        path={path}
                        space={space}
                        macros={macros}
                        index={i}
                        onCancel={() => setEditing(undefined)}
                        onWritten={(next) => {
                          set(next);
                          setEditing(undefined);
                          setWritten(true);
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </ReadState>
      )}
    </section>
  );
}
