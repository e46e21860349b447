/**
 * The keyboard mode choice of the USB settings (spec-2 §3 catalogue: power saving, office, game): a radio group whose
 * checked mode is the one the keyboard's report rate and per-key light make; none is checked, and "Custom" is said,
 * when they match no mode. Choosing a mode sends both in one change; the group is disabled until the answer comes.
 */
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { KEYBOARD_MODE_NAMES, keyboardModeOf, type KeyboardMode } from '../../../core/keyboard-modes';
import type { SettingData } from '../../../contract/payloads/settings';
import { useT } from '../../../i18n/store';
import type { SettingsT } from './settings-texts';
import './keyboard-mode.css';

const MODE_TEXTS = {
  power: { label: 'kb.mode.power', desc: 'kb.mode.power.desc' },
  office: { label: 'kb.mode.office', desc: 'kb.mode.office.desc' },
  game: { label: 'kb.mode.game', desc: 'kb.mode.game.desc' },
} as const satisfies Record<KeyboardMode, { label: string; desc: string }>;

export function KeyboardModeChoice({
  data,
  busy,
  choose,
  s,
}: {
  data: SettingData;
  busy: boolean;
  /** Sends the mode; resolves once the keyboard answered (or the call failed). */
  choose(mode: KeyboardMode): Promise<void>;
  s: SettingsT;
}) {
  const t = useT();
  const id = useId();
  const known = data.keylight_use !== undefined;
  const current = known ? keyboardModeOf(data.report_rate, data.keylight_use) : null;

  // While a mode is being written the group stays enabled (a disabled radio would drop the keyboard focus to the
  // page) but is marked busy, and another choice is ignored until the keyboard has answered.
  const onChoose = (value: string) => {
    const mode = value as KeyboardMode;
    if (busy || mode === current) return;
    void choose(mode);
  };

  return (
    <div className="kb-mode">
      <span id={`${id}-label`} className="kb-mode__label">
        {t('dev.kb.mode')}
      </span>
      <RadioGroup.Root
        className="kb-mode__choices"
        aria-labelledby={`${id}-label`}
        aria-describedby={known && current === null ? `${id}-custom` : undefined}
        aria-busy={busy}
        value={current ?? ''}
        onValueChange={onChoose}
        orientation="vertical"
      >
        {KEYBOARD_MODE_NAMES.map((mode) => (
          <RadioGroup.Item
            key={mode}
            value={mode}
            className="kb-mode__choice"
            aria-label={t(MODE_TEXTS[mode].label)}
            aria-describedby={`${id}-${mode}-desc`}
          >
            <span className="kb-mode__name">{t(MODE_TEXTS[mode].label)}</span>
            <span className="kb-mode__desc" id={`${id}-${mode}-desc`}>
              {t(MODE_TEXTS[mode].desc)}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {known && current === null && (
        <p className="settings-note" id={`${id}-custom`}>
          {s('settings.usb.kb.mode.custom')}
        </p>
      )}
    </div>
  );
}
