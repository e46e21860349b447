/**
 * What a VIA keyboard is, on its VIA tab: its vendor and product ids, the VIA protocol it answers, the definition it
 * is drawn from, and a way to replace that definition with a newer or corrected file (as VIA's design tab does). A
 * replacement is checked against the keyboard by the service, which keeps the old one when it refuses.
 */
import '../family-texts';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useServices } from '../../services';
import { definitionFileText } from './definition-source';
import { JsonFileButton, ReadState, refusalText, useViaRead } from './via-shared';

const hex4 = (v: number) => `0x${v.toString(16).toUpperCase().padStart(4, '0')}`;

type Step = { kind: 'idle' } | { kind: 'busy' } | { kind: 'refused'; text: string } | { kind: 'done'; name: string };

export function ViaKeyboardInfo({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const { state, reload, set } = useViaRead(() => client.viaGetDefinitionInfo({ path }), [client, path]);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const titleId = useId();

  const replace = async (files: FileList | null) => {
    const file = await definitionFileText(files, t);
    if ('refused' in file) return setStep({ kind: 'refused', text: file.refused });
    setStep({ kind: 'busy' });
    const result = await attempt(client.viaSetDefinition({ path, content: file.content }));
    if (!result.ok) return setStep({ kind: 'refused', text: refusalText(t, result.error) });
    set(result.value);
    setStep({ kind: 'done', name: result.value.name || t('via.info.unnamed') });
  };

  return (
    <section className="via-section via-info" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('via.info.title')}
      </h2>
      <ReadState state={state} reload={() => void reload()}>
        {(info) => (
          <>
            <ul className="via-info__facts">
              <li>{t('via.info.protocol', info.protocol)}</li>
              <li>{t('via.info.ids', hex4(info.vendor_id), hex4(info.product_id))}</li>
              {info.has_definition && <li>{t('via.info.definition', info.name || t('via.info.unnamed'))}</li>}
            </ul>
            {info.has_definition && (
              <div className="via-info__replace">
                <p className="via-muted">{t('via.info.replace.help')}</p>
                <JsonFileButton
                  label={t('via.info.replace')}
                  disabled={step.kind === 'busy'}
                  testId="via-replace-file"
                  onFiles={(files) => void replace(files)}
                />
              </div>
            )}
            <div aria-live="polite">
              {step.kind === 'busy' && (
                <p className="via-muted" role="status">
                  {t('via.need.checking')}
                </p>
              )}
              {step.kind === 'done' && (
                <p className="via-ok" role="status">
                  {t('via.info.replaced', step.name)}
                </p>
              )}
              {step.kind === 'refused' && (
                <p className="via-problem" role="alert">
                  {t('via.definition.refused')} {step.text}
                </p>
              )}
            </div>
          </>
        )}
      </ReadState>
    </section>
  );
}
