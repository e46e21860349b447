/**
 * The arguments of the chosen lighting mode (spec-1 §4, §5): brightness and speed for modes above 1, and at firmware
 * level 1 and above the mode's extra control (direction for 3, random by press for 5, random for 6 and 7). Speed
 * never exceeds a third of the brightness: lowering the brightness lowers the speed in the same change.
 */
import { useState } from 'react';
import type { KeyMode } from '../../../contract/payloads/lighting';
import { Slider } from '../../widgets/slider/Slider';
import { ChoiceList, Note } from './controls';
import { BRIGHTNESS_WARN_ABOVE, controlsFor, lightRange, speedMax, withLight, type ModeDef } from './rules';
import { useLightingTexts } from './texts';

export type ModeData = Partial<Pick<KeyMode, 'light' | 'speed' | 'direction' | 'random' | 'random_by_press'>>;

export function ModeArguments({
  mode,
  def,
  level,
  lightMax,
  onChange,
}: {
  mode: KeyMode;
  def: ModeDef;
  level: 0 | 1 | 2;
  lightMax: number;
  onChange(next: KeyMode, data: ModeData): void;
}) {
  const l = useLightingTexts();
  const controls = controlsFor(def, level);
  // While a slider is dragged, its value shows here; the device hears it when the drag ends.
  const [draft, setDraft] = useState<KeyMode | undefined>(undefined);
  const [lowered, setLowered] = useState<number | undefined>(undefined);
  const shown = draft ?? mode;
  if (!controls.brightness && !controls.speed && !controls.extra) return null;
  const range = lightRange(mode, lightMax);

  const commitLight = (light: number) => {
    const next = withLight(mode, light);
    setDraft(undefined);
    setLowered(next.speed < mode.speed ? next.speed : undefined);
    onChange(next, { light: next.light, speed: next.speed });
  };
  const commitSpeed = (speed: number) => {
    const next = { ...mode, speed: Math.min(speed, speedMax(mode.light)) };
    setDraft(undefined);
    setLowered(undefined);
    onChange(next, { speed: next.speed });
  };

  return (
    <section className="led-args" aria-label={l('led.args.label')}>
      {controls.brightness && (
        <Slider
          label={l('led.brightness')}
          min={range.min}
          max={range.max}
          step={1}
          value={shown.light}
          onChange={(light) => setDraft(withLight(mode, light))}
          onCommit={commitLight}
        />
      )}
      {controls.brightness && shown.light > BRIGHTNESS_WARN_ABOVE && (
        <Note tone="warn">{l('led.warn.brightness')}</Note>
      )}
      {controls.speed && (
        <Slider
          label={l('led.speed')}
          min={0}
          max={Math.max(speedMax(shown.light), 0)}
          step={1}
          value={shown.speed}
          disabled={speedMax(shown.light) === 0}
          onChange={(speed) => setDraft({ ...shown, speed })}
          onCommit={commitSpeed}
        />
      )}
      {lowered !== undefined && <Note tone="info">{l('led.speed.lowered', lowered)}</Note>}
      {controls.extra === 'direction' && (
        <ChoiceList
          label={l('led.direction')}
          choices={[
            { value: 'l2h', label: l('led.direction.l2h') },
            { value: 'h2l', label: l('led.direction.h2l') },
          ]}
          value={mode.direction}
          onChange={(v) => {
            const direction = v === 'h2l' ? 'h2l' : 'l2h';
            onChange({ ...mode, direction }, { direction });
          }}
        />
      )}
      {(controls.extra === 'random' || controls.extra === 'random_by_press') && (
        <Check
          label={l(controls.extra === 'random' ? 'led.random' : 'led.random_by_press')}
          checked={controls.extra === 'random' ? mode.random : mode.random_by_press}
          onChange={(on) =>
            controls.extra === 'random'
              ? onChange({ ...mode, random: on }, { random: on })
              : onChange({ ...mode, random_by_press: on }, { random_by_press: on })
          }
        />
      )}
    </section>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  return (
    <label className="led-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
