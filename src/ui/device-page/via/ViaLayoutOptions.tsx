/**
 * The layout options of a VIA keyboard's definition (split backspace, ISO enter…): a toggle or a list of choices
 * each, kept on the keyboard. After a change the service reads the options back and redraws the device record, so
 * the drawing here and on every tab shows the chosen keys.
 */
import { useState } from 'react';
import type { ViaLayoutOptions as Options } from '../../../contract/areas/via';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { useServices } from '../../services';
import { OnOff } from '../../widgets/OnOff';
import { ReadState, refusalText, Select, useFirstLayerLegends, useViaRead } from './via-shared';

export function ViaLayoutOptions({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const record = useDeviceRecord(path);
  const { state, reload, set } = useViaRead(() => client.viaGetLayoutOptions({ path }), [client, path]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const legendOf = useFirstLayerLegends(path);

  const choose = async (now: Options, index: number, choice: number) => {
    const choices = now.options.map((_, i) => (i === index ? choice : (now.choices[i] ?? 0)));
    setBusy(true);
    const result = await attempt(client.viaSetLayoutOptions({ path, choices }));
    setBusy(false);
    if (result.ok) set(result.value);
    setProblem(result.ok ? undefined : refusalText(t, result.error));
  };

  return (
    <section className="via-section" aria-labelledby="via-layout-title">
      <h2 className="panel__title" id="via-layout-title">
        {t('via.layout.title')}
      </h2>
      <p className="via-muted">{t('via.layout.help')}</p>
      <ReadState state={state} reload={() => void reload()}>
        {(now) => (
          <div className="via-layout">
            <div className="via-layout__options">
              {now.options.map((option, i) =>
                option.choices.length === 0 ? (
                  <OnOff
                    key={i}
                    label={option.label}
                    checked={now.choices[i] === 1}
                    disabled={busy}
                    onChange={(on) => void choose(now, i, on ? 1 : 0)}
                  />
                ) : (
                  <Select
                    key={i}
                    label={option.label}
                    value={now.choices[i] ?? 0}
                    disabled={busy}
                    options={option.choices.map((label, value) => ({ value, label }))}
                    onChange={(choice) => void choose(now, i, choice)}
                  />
                ),
              )}
            </div>
            {problem && (
              <p className="via-problem" role="alert">
                {problem}
              </p>
            )}
            {record?.layout && (
              <div className="via-layout__drawing">
                <KeyboardDrawing
                  layout={record.layout}
                  mode="key_code"
                  useMode={null}
                  label={t('via.layout.title')}
                  keyPrinted={legendOf}
                />
              </div>
            )}
          </div>
        )}
      </ReadState>
    </section>
  );
}
