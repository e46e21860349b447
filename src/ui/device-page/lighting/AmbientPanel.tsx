/**
 * Ambient light (spec-1 §2, §9; real67): switch, mode list, the named colours (indexes 0-7), the light and speed of
 * the chosen mode (speed within a third of the light), and from firmware 3.9.7 the style dropdown of a mode that has
 * subtypes (mode 3, rhythm).
 */
import { useState } from 'react';
import type { AmbientModePayload, ColourInfoPayload } from '../../../contract/payloads/lighting';
import { clampLightingSpeed } from '../../../core/rules/lighting';
import { useServices } from '../../services';
import { Slider } from '../../widgets/slider/Slider';
import { ChoiceList, Dropdown, Note, OnOff } from './controls';
import { speedMax } from './rules';
import { nameOf, useLightingTexts } from './texts';
import type { ColourInfoHandle } from './use-colour-info';

export function AmbientPanel({
  path,
  info,
  change,
  subtypes: withSubtypes,
}: {
  path: string;
  info: ColourInfoPayload;
  change: ColourInfoHandle['change'];
  /** The firmware stores a style for modes with subtypes (real67 from 3.9.7). */
  subtypes: boolean;
}) {
  const l = useLightingTexts();
  const { client, resources } = useServices();
  const ambient = info.keyambient;
  const [draft, setDraft] = useState<AmbientModePayload | undefined>(undefined);
  if (!ambient) return <Note tone="info">{l('led.ambient.none')}</Note>;
  const index = ambient.ambient_mode_index;
  const mode = ambient.ambientmodes[index];
  const def = resources.ledModes.ambient_modes[index];
  const colours = resources.ledModes.ambient_colors.slice(0, Math.min(8, ambient.ambient_color_size));
  const shown = draft ?? mode;

  const sendMode = (next: AmbientModePayload) => {
    setDraft(undefined);
    void change(
      (i) => ({
        ...i,
        keyambient: i.keyambient && {
          ...i.keyambient,
          ambientmodes: i.keyambient.ambientmodes.map((m) => (m.index === next.index ? next : m)),
        },
      }),
      () => client.setLedInfo({ path, ambient_mode_data: { index: next.index, light: next.light, speed: next.speed } }),
    );
  };
  const setField = (field: 'ambient_mode_index' | 'ambient_color_index' | 'subtype', value: number) =>
    void change(
      (i) => ({ ...i, keyambient: i.keyambient && { ...i.keyambient, [field]: value } }),
      () =>
        client.setLedInfo(
          field === 'ambient_mode_index'
            ? { path, ambient_mode_index: value }
            : field === 'ambient_color_index'
              ? { path, ambient_color_index: value }
              : { path, ambient_subtype: value },
        ),
    );
  const subtypes = withSubtypes ? (def?.subtypes ?? []) : [];

  return (
    <div className="led-panel" data-panel="ambient">
      <OnOff
        label={l('led.ambient.switch')}
        checked={ambient.keyambient_use !== 0}
        onChange={(on) =>
          void change(
            (i) => ({ ...i, keyambient: i.keyambient && { ...i.keyambient, keyambient_use: on ? 1 : 0 } }),
            () => client.setLedInfo({ path, ambient_switch: on }),
          )
        }
      />
      {ambient.keyambient_use !== 0 && (
        <>
          <ChoiceList
            label={l('led.ambient.modes')}
            choices={ambient.ambientmodes.map((m) => ({
              value: String(m.index),
              label: nameOf(l, m.mode_name, m.index),
            }))}
            value={String(index)}
            onChange={(v) => setField('ambient_mode_index', Number(v))}
          />
          {subtypes.length > 0 && (
            <Dropdown
              label={l('led.ambient.subtype')}
              choices={subtypes.map((name, i) => ({ value: String(i), label: nameOf(l, name, i) }))}
              value={String(ambient.subtype)}
              onChange={(v) => setField('subtype', Number(v))}
            />
          )}
          {(def?.colour ?? true) && (
            <ChoiceList
              label={l('led.ambient.colours')}
              choices={colours.map((c) => ({ value: String(c.id), label: nameOf(l, c.name, c.id) }))}
              value={String(ambient.ambient_color_index)}
              onChange={(v) => setField('ambient_color_index', Number(v))}
            />
          )}
          {shown && mode && (
            <>
              <Slider
                label={l('led.ambient.light')}
                min={mode.min}
                max={mode.max}
                step={1}
                value={shown.light}
                onChange={(light) => setDraft({ ...mode, light, speed: clampLightingSpeed(mode.speed, light) })}
                onCommit={(light) => sendMode({ ...mode, light, speed: clampLightingSpeed(mode.speed, light) })}
              />
              <Slider
                label={l('led.ambient.speed')}
                min={0}
                max={speedMax(shown.light)}
                step={1}
                value={shown.speed}
                disabled={speedMax(shown.light) === 0}
                onChange={(speed) => setDraft({ ...shown, speed })}
                onCommit={(speed) => sendMode({ ...mode, speed: Math.min(speed, speedMax(mode.light)) })}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
