/**
 * The layout options of a keyboard that keeps no choice of its own (features.localLayoutChoices, libhmk's split
 * backspace and split space): a switch or a list of choices each, kept on this computer for this keyboard
 * (layout-choices-store.ts). A choice redraws the device record at once, so the drawing here and on every tab shows
 * the chosen keys, and "Select all" reaches them.
 */
import '../family-texts';
import { useId } from 'react';
import { useT } from '../../../i18n/store';
import { useDeviceRecord } from '../../device-features';
import { useDeviceSpace } from '../../keycode-space';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { layoutOptionsOf, storeChoices, storedChoices } from '../../keyboard/layout-choices-store';
import { useServices } from '../../services';
import { OnOff } from '../../widgets/OnOff';
import { Select, useFirstLayerLegends } from '../via/via-shared';

export function LocalLayoutChoices({ path }: { path: string }) {
  const t = useT();
  const { devices } = useServices();
  const record = useDeviceRecord(path);
  const legendOf = useFirstLayerLegends(path);
  // Device settings sit outside the key-code tabs: the drawing is told the keyboard's own numbering of codes.
  const { space } = useDeviceSpace(path);
  const titleId = useId();
  if (!record?.features.localLayoutChoices) return null;
  const options = layoutOptionsOf(record);
  if (options.length === 0) return null;
  const choices = storedChoices(record);

  const choose = (index: number, choice: number) => {
    storeChoices(
      record,
      choices.map((c, i) => (i === index ? choice : c)),
    );
    // The list draws every record from its kept choices again.
    const state = devices.getState();
    state.setDevices(state.devices);
  };

  return (
    <section className="panel local-layout-choices" aria-labelledby={titleId}>
      <h2 className="panel__title" id={titleId}>
        {t('layout.local.title')}
      </h2>
      <p className="via-muted">{t('layout.local.help')}</p>
      <div className="via-layout">
        <div className="via-layout__options">
          {options.map((option, i) =>
            option.choices.length <= 2 && option.choices.every((c) => c === 'off' || c === 'on') ? (
              <OnOff key={i} label={option.label} checked={choices[i] === 1} onChange={(on) => choose(i, on ? 1 : 0)} />
            ) : (
              <Select
                key={i}
                label={option.label}
                value={choices[i] ?? 0}
                options={option.choices.map((label, value) => ({ value, label }))}
                onChange={(choice) => choose(i, choice)}
              />
            ),
          )}
        </div>
        {record.layout && (
          <div className="via-layout__drawing">
            <KeyboardDrawing
              space={space}
              layout={record.layout}
              mode="key_code"
              useMode={null}
              label={t('layout.local.drawing')}
              keyPrinted={legendOf}
            />
          </div>
        )}
      </div>
    </section>
  );
}
