/** The tester's Config dialog: use voice and the chatter threshold, applied on OK, dropped on Cancel. */
import { Checkbox } from 'radix-ui';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/store';
import { AppDialog } from '../../widgets/AppDialog';
import { CheckIcon } from '../../widgets/icons';
import { useToolsT } from '../texts';
import { clampChatter, type TesterConfig } from './config';
import { CHATTER_MS } from './tester-log';

export function ConfigDialog({
  config,
  onApply,
  onClose,
}: {
  config: TesterConfig;
  onApply(config: TesterConfig): void;
  onClose(): void;
}) {
  const t = useT();
  const tt = useToolsT();
  const voiceId = useId();
  const chatterId = useId();
  const [voice, setVoice] = useState(config.use_voice);
  const [chatter, setChatter] = useState(String(config.chatter_ms));
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={tt('tester.config.title')}
      className="tester-config"
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onApply({ use_voice: voice, chatter_ms: clampChatter(Number(chatter)) })}
          >
            {t('common.ok')}
          </button>
        </>
      }
    >
      <div className="tester-config__body">
        <div className="checkbox-field">
          <Checkbox.Root
            id={voiceId}
            className="checkbox"
            checked={voice}
            onCheckedChange={(c) => setVoice(c === true)}
            aria-describedby={`${voiceId}-hint`}
          >
            <Checkbox.Indicator className="checkbox__indicator">
              <CheckIcon size={14} />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor={voiceId}>{tt('tester.config.voice')}</label>
        </div>
        <p id={`${voiceId}-hint`} className="tester-config__hint">
          {tt('tester.config.voice.hint')}
        </p>
        <div className="field">
          <label htmlFor={chatterId}>{tt('tester.config.chatter')}</label>
          <input
            id={chatterId}
            className="input"
            type="number"
            inputMode="numeric"
            min={CHATTER_MS.min}
            max={CHATTER_MS.max}
            step={1}
            value={chatter}
            onChange={(e) => setChatter(e.target.value)}
            aria-describedby={`${chatterId}-hint`}
          />
        </div>
        <p id={`${chatterId}-hint`} className="tester-config__hint">
          {tt('tester.config.chatter.hint', CHATTER_MS.min, CHATTER_MS.max)}
        </p>
      </div>
    </AppDialog>
  );
}
