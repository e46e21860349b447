/**
 * Shown instead of the Key code tab while a VIA keyboard has no definition: what to do, the keyboard's ids, a drop
 * zone and a file button for the definition JSON (v2 or v3), the reason a definition was refused (not JSON, another
 * keyboard, a matrix too large, too many keys), and, for people who are online, a look-up at an address they give.
 * A taken definition changes the device record, and the page shows the keyboard's tabs.
 */
import '../family-texts';
import { useEffect, useId, useState, type DragEvent } from 'react';
import type { ViaDefinitionInfo } from '../../../contract/areas/via';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useServices } from '../../services';
import {
  definitionFileText,
  definitionUrl,
  fetchDefinition,
  savedSource,
  saveSource,
  SOURCE_PLACEHOLDERS,
} from './definition-source';
import { JsonFileButton, refusalText } from './via-shared';

const hex4 = (v: number) => `0x${v.toString(16).toUpperCase().padStart(4, '0')}`;

type Step = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'refused'; text: string } | { kind: 'done' };

export function ViaDefinitionNeeded({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const [info, setInfo] = useState<ViaDefinitionInfo | undefined>(undefined);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [over, setOver] = useState(false);
  const [source, setSource] = useState(savedSource);
  const sourceId = useId();
  const helpId = useId();

  useEffect(() => {
    let live = true;
    void attempt(client.viaGetDefinitionInfo({ path })).then((r) => {
      if (live && r.ok) setInfo(r.value);
    });
    return () => {
      live = false;
    };
  }, [client, path]);

  const send = async (content: string) => {
    setStep({ kind: 'busy', text: t('via.need.checking') });
    const result = await attempt(client.viaSetDefinition({ path, content }));
    if (result.ok) {
      setInfo(result.value);
      setStep({ kind: 'done' });
    } else setStep({ kind: 'refused', text: refusalText(t, result.error) });
  };

  const take = async (files: FileList | null) => {
    const file = await definitionFileText(files, t);
    if ('refused' in file) setStep({ kind: 'refused', text: file.refused });
    else await send(file.content);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files);
  };

  const url = info ? definitionUrl(source, info.vendor_id, info.product_id) : undefined;
  const lookUp = async () => {
    if (!url) return;
    saveSource(source);
    setStep({ kind: 'busy', text: t('via.source.fetching', url) });
    try {
      await send(await fetchDefinition(url));
    } catch (e) {
      setStep({ kind: 'refused', text: t('via.source.failed', url, e instanceof Error ? e.message : String(e)) });
    }
  };

  const problem = info?.problem;
  return (
    <section className="panel via-need" aria-labelledby={`${helpId}-title`}>
      <h2 className="panel__title" id={`${helpId}-title`}>
        {t('via.need.title')}
      </h2>
      <p className="via-need__body">{t('via.need.body')}</p>
      {info && (
        <p className="via-muted" data-ids="">
          {t('via.need.ids', hex4(info.vendor_id), hex4(info.product_id), info.protocol)}
        </p>
      )}
      {problem && step.kind === 'idle' && (
        <div className="via-problem" role="alert">
          <strong>{t('via.definition.storedRefused')}</strong> {t.dynamic(problem[0]!, ...problem.slice(1))}
        </div>
      )}
      <div
        className={`via-drop ${over ? 'via-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="via-drop"
      >
        <p className="via-drop__text">{t('via.need.drop')}</p>
        <JsonFileButton
          label={t('via.need.pick')}
          primary
          disabled={step.kind === 'busy'}
          testId="via-file"
          onFiles={(files) => void take(files)}
        />
      </div>
      <div aria-live="polite">
        {step.kind === 'busy' && (
          <p className="via-muted" role="status">
            {step.text}
          </p>
        )}
        {step.kind === 'done' && (
          <p className="via-ok" role="status">
            {t('via.definition.saved')}
          </p>
        )}
      </div>
      {step.kind === 'refused' && (
        <div className="via-problem" role="alert">
          <strong>{t('via.definition.refused')}</strong> {step.text}
        </div>
      )}
      <details className="via-source">
        <summary>{t('via.source.title')}</summary>
        <p className="via-muted" id={`${helpId}-help`}>
          {t('via.source.help', ...SOURCE_PLACEHOLDERS)}
        </p>
        <div className="via-source__row">
          <div className="field via-source__field">
            <label htmlFor={sourceId}>{t('via.source.label')}</label>
            <input
              id={sourceId}
              className="input"
              type="url"
              value={source}
              placeholder="https://"
              aria-describedby={`${helpId}-help`}
              onChange={(e) => setSource(e.target.value)}
              onBlur={() => saveSource(source)}
            />
          </div>
          <button
            type="button"
            className="button button--secondary"
            disabled={!url || step.kind === 'busy'}
            onClick={() => void lookUp()}
          >
            {t('via.source.lookUp')}
          </button>
        </div>
      </details>
    </section>
  );
}
