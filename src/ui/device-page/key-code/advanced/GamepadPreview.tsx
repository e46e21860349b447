/**
 * The gamepad screen as the spec shows it: three function tabs, the gamepad switch, and the bind, key-switch and
 * key-replace toggles. The spec gives it no behaviour, so it is a preview: the controls hold local state only and
 * nothing is sent to the device, which the screen says plainly.
 */
import './texts';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useT } from '../../../../i18n/store';
import { AppDialog } from '../../../widgets/AppDialog';
import { OnOff } from '../../../widgets/OnOff';

const FUNCTIONS = ['stick', 'triggers', 'buttons'] as const;
const TOGGLES = ['bind', 'switch', 'replace'] as const;
type Toggle = (typeof TOGGLES)[number];

export function GamepadPreview({ onClose }: { onClose(): void }) {
  const t = useT();
  const [enabled, setEnabled] = useState(false);
  const [toggles, setToggles] = useState<Record<string, boolean>>({});
  const key = (fn: string, toggle: Toggle) => `${fn}.${toggle}`;

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('adv.gamepad.title')}
      description={t('adv.gamepad.desc')}
      className="dialog--wide adv-gamepad"
      dataAttributes={{ 'data-dialog': 'gamepad' }}
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <p className="adv-preview-badge">{t('adv.gamepad.badge')}</p>
      <OnOff className="adv-switch-row" label={t('adv.gamepad.switch')} checked={enabled} onChange={setEnabled} />
      <Tabs.Root defaultValue="stick" className="adv-gamepad__tabs">
        <Tabs.List className="adv-tabs__list" aria-label={t('adv.gamepad.functions')}>
          {FUNCTIONS.map((fn) => (
            <Tabs.Trigger key={fn} value={fn} className="tab-bar__tab adv-tabs__tab">
              {t(`adv.gamepad.fn.${fn}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FUNCTIONS.map((fn) => (
          <Tabs.Content key={fn} value={fn} className="adv-gamepad__panel">
            <p className="adv-group__text">{t(`adv.gamepad.fn.${fn}.desc`)}</p>
            {TOGGLES.map((toggle) => (
              <OnOff
                className="adv-switch-row"
                key={toggle}
                label={t(`adv.gamepad.toggle.${toggle}`)}
                checked={toggles[key(fn, toggle)] ?? false}
                onChange={(v) => setToggles((s) => ({ ...s, [key(fn, toggle)]: v }))}
              />
            ))}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AppDialog>
  );
}
