/**
 * Per-key light (spec-1 §2, §4): the on/off switch (a plain button at firmware level 0), the light type between the
 * light-flow list and the colour-mode list, the chosen mode's arguments, and the colours: the device palette for the
 * static mode, and for the custom mode the default palette, the custom colour history and the custom colour dialog,
 * applied to the keys selected on the drawing, and a gradient between two colours across the selected keys, written
 * at once (`set_led_info --key_colors`).
 */
import { useId, useMemo, useState } from 'react';
import type { ColourInfoPayload, KeyMode } from '../../../contract/payloads/lighting';
import type { DeviceLayout } from '../../../core/device-features';
import { parseHexColour } from '../../../core/rules/colour';
import { useServices } from '../../services';
import { ColourDialog } from '../../widgets/colour-picker/ColourDialog';
import { TabPanel, TabStrip } from '../../widgets/tab-strip/TabStrip';
import { ChoiceList, Note, OnOff, SwatchRow } from './controls';
import { ModeArguments } from './ModeArguments';
import {
  CUSTOM_COLOUR_SLOTS,
  gradientColours,
  lightTypeOf,
  loadCustomColours,
  modesOfType,
  pushCustomColour,
  saveCustomColours,
  type KeySpot,
  type LightType,
} from './rules';
import { nameOf, useLightingTexts } from './texts';
import type { ColourInfoHandle } from './use-colour-info';

export interface KeyLightPanelProps {
  path: string;
  /** The device's layout, for where its keys sit (gradients run across the drawing). */
  layout: DeviceLayout | null;
  info: ColourInfoPayload;
  change: ColourInfoHandle['change'];
  selected: readonly number[];
}

export function KeyLightPanel({ path, layout, info, change, selected }: KeyLightPanelProps) {
  const l = useLightingTexts();
  const { client, resources } = useServices();
  const modes = resources.ledModes.modes;
  const current = modes[info.kmm_index];
  // The list shown is the one that holds the device's active mode. A look at the other list lasts only while the
  // device data stays the same: a new mode, slot or reading brings back the active mode's list.
  const active = lightTypeOf(current);
  const [look, setLook] = useState<{ type: LightType; of: ColourInfoPayload } | undefined>(undefined);
  const type = look && look.of === info ? look.type : active;
  const onActiveList = type === active;
  const on = info.keylight_use !== 0;

  const setSwitch = (next: boolean) =>
    change(
      (i) => ({ ...i, keylight_use: next ? 1 : 0 }),
      () => client.setLedInfo({ path, light_switch: next }),
    );
  const setMode = (index: number) =>
    change(
      (i) => ({ ...i, kmm_index: index }),
      () => client.setLedInfo({ path, mode_index: index }),
    );
  const setMode_ = (mode: KeyMode, next: KeyMode, data: Parameters<typeof client.setLedInfo>[0]['mode_data']) =>
    change(
      (i) => ({ ...i, keymodes: i.keymodes.map((m) => (m.index === mode.index ? next : m)) }),
      () => client.setLedInfo({ path, mode_data: data }),
    );

  const modeChoices = (t: LightType) =>
    modesOfType(modes, t, info.kmm_size).map((m) => ({ value: String(m.id), label: nameOf(l, m.name, m.id) }));
  const keyMode = info.keymodes[info.kmm_index];

  return (
    <div className="led-panel" data-panel="key">
      {info.level === 0 ? (
        <button type="button" className="led-plain-button" onClick={() => void setSwitch(!on)}>
          {on ? l('led.off.button') : l('led.on.button')}
        </button>
      ) : (
        <OnOff label={l('led.switch')} checked={on} onChange={(v) => void setSwitch(v)} />
      )}
      {!on ? (
        <Note tone="info">{l('led.off.state')}</Note>
      ) : (
        <>
          <TabStrip
            label={l('led.type.label')}
            tabs={[
              { value: '0', label: l('led.type.flow') },
              { value: '1', label: l('led.type.colour') },
            ]}
            value={String(type)}
            onValueChange={(v) => setLook({ type: v === '0' ? 0 : 1, of: info })}
          >
            {([0, 1] as const).map((t) => (
              <TabPanel key={t} value={String(t)}>
                <ChoiceList
                  label={l('led.modes.label')}
                  choices={modeChoices(t)}
                  value={lightTypeOf(current) === t ? String(info.kmm_index) : undefined}
                  onChange={(v) => void setMode(Number(v))}
                />
              </TabPanel>
            ))}
          </TabStrip>
          {!onActiveList && current && (
            <Note tone="info">
              {l(
                'led.mode.active.elsewhere',
                nameOf(l, current.name, current.id),
                l(active === 0 ? 'led.type.flow' : 'led.type.colour'),
              )}
            </Note>
          )}
          {onActiveList && keyMode && current && (
            <ModeArguments
              key={keyMode.index}
              mode={keyMode}
              def={current}
              level={info.level}
              lightMax={info.light_max}
              onChange={(next, data) => void setMode_(keyMode, next, { index: keyMode.index, ...data })}
            />
          )}
          {onActiveList && info.kmm_index === 1 && (
            <SwatchRow
              label={l('led.static.label')}
              swatches={info.palette.map((hex) => ({ hex, name: l('led.colour.swatch', hex) }))}
              current={info.palette[info.krm_index]}
              onPick={(hex) => {
                const index = info.palette.indexOf(hex);
                if (index >= 0)
                  void change(
                    (i) => ({ ...i, krm_index: index }),
                    () => client.setLedInfo({ path, color_index: index }),
                  );
              }}
            />
          )}
          {onActiveList && info.kmm_index === 0 && (
            <>
              <KeyColours path={path} change={change} selected={selected} />
              <KeyGradient path={path} layout={layout} change={change} selected={selected} />
            </>
          )}
        </>
      )}
    </div>
  );
}

function KeyColours({
  path,
  change,
  selected,
}: {
  path: string;
  change: ColourInfoHandle['change'];
  selected: readonly number[];
}) {
  const l = useLightingTexts();
  const { client, resources } = useServices();
  const [history, setHistory] = useState<string[]>(() => loadCustomColours());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [message, setMessage] = useState<string | undefined>(undefined);

  const apply = async (hex: string) => {
    if (selected.length === 0) {
      setMessage(l('led.colours.none.selected'));
      return;
    }
    const parsed = parseHexColour(hex);
    if (!parsed.ok) return;
    const { r, g, b } = parsed.value;
    const ids = [...selected];
    const colour = hex.toLowerCase().slice(0, 7);
    setMessage(undefined);
    const result = await change(
      (i) => ({ ...i, keycolors: i.keycolors.map((c, id) => (ids.includes(id) ? colour : c)) }),
      () => client.setLedInfo({ path, select: ids, rgba: { r, g, b, a: 1 } }),
    );
    if (result.ok) setMessage(l('led.colours.applied', ids.length, colour));
  };

  const remember = (hex: string) => {
    const next = pushCustomColour(history, hex);
    setHistory(next);
    saveCustomColours(next);
  };

  return (
    <section className="led-colours" aria-label={l('led.colours.label')}>
      <p className="led-hint">{l('led.colours.hint')}</p>
      <SwatchRow
        label={l('led.palette.label')}
        swatches={resources.ledModes.color_list.map(({ hex }) => ({ hex, name: l('led.colour.swatch', hex) }))}
        onPick={(hex) => void apply(hex)}
      />
      <SwatchRow
        label={l('led.history.label')}
        swatches={history.map((hex) => ({ hex, name: l('led.colour.swatch', hex) }))}
        onPick={(hex) => void apply(hex)}
        emptySlots={CUSTOM_COLOUR_SLOTS - history.length}
        emptyLabel={l('led.history.empty')}
        after={
          <button type="button" className="led-add-colour" onClick={() => setDialogOpen(true)}>
            <span aria-hidden="true">+</span> {l('led.colour.add')}
          </button>
        }
      />
      {message && <Note tone="info">{message}</Note>}
      <ColourDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        initial={history[0] ?? '#ffffff'}
        alpha={false}
        onConfirm={({ hex }) => {
          remember(hex);
          void apply(hex);
        }}
      />
    </section>
  );
}

/** Where each key of a model sits: the centre of its cap, in key units; keys the layout lacks go in a row by id. */
function keySpots(layout: DeviceLayout | null): Map<number, KeySpot> {
  const keys = layout?.keys ?? [];
  return new Map(keys.map((k) => [k.id, { id: k.id, x: k.x + k.w / 2, y: k.y + k.h / 2 }]));
}

/** Two colours and a button that spreads a gradient between them over the selected keys, in one write. */
function KeyGradient({
  path,
  layout,
  change,
  selected,
}: {
  path: string;
  layout: DeviceLayout | null;
  change: ColourInfoHandle['change'];
  selected: readonly number[];
}) {
  const l = useLightingTexts();
  const { client } = useServices();
  const id = useId();
  const [from, setFrom] = useState('#ff0000');
  const [to, setTo] = useState('#0000ff');
  const [message, setMessage] = useState<string | undefined>(undefined);
  const spots = useMemo(() => keySpots(layout), [layout]);

  const apply = async () => {
    if (selected.length === 0) {
      setMessage(l('led.colours.none.selected'));
      return;
    }
    const keys = selected.map((key) => spots.get(key) ?? { id: key, x: key, y: 0 });
    const colours = gradientColours(keys, from, to);
    const byKey = new Map(colours.map((c) => [c.key, c.hex]));
    setMessage(undefined);
    const result = await change(
      (i) => ({ ...i, keycolors: i.keycolors.map((c, key) => byKey.get(key) ?? c) }),
      () => client.setLedInfo({ path, key_colors: colours.map(({ key, hex }) => ({ key, rgba: hex })) }),
    );
    if (result.ok) setMessage(l('led.gradient.applied', colours.length, from, to));
  };

  return (
    <section className="led-gradient" aria-labelledby={`${id}-title`}>
      <span id={`${id}-title`} className="led-field__label">
        {l('led.gradient.label')}
      </span>
      <p className="led-hint">{l('led.gradient.hint')}</p>
      <div className="led-gradient__row">
        <label className="led-gradient__end">
          <input type="color" value={from} onChange={(e) => setFrom(e.target.value)} />
          <span>{l('led.gradient.from')}</span>
        </label>
        <span
          className="led-gradient__bar"
          aria-hidden="true"
          style={{ background: `linear-gradient(to right, ${from}, ${to})` }}
        />
        <label className="led-gradient__end">
          <input type="color" value={to} onChange={(e) => setTo(e.target.value)} />
          <span>{l('led.gradient.to')}</span>
        </label>
      </div>
      <button type="button" className="led-plain-button" onClick={() => void apply()}>
        {l('led.gradient.apply')}
      </button>
      {message && <Note tone="info">{message}</Note>}
    </section>
  );
}
