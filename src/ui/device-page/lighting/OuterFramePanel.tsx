/**
 * Outer-frame light (spec-1 §2, §4, §9): on/off switch, mode list (mode 0 is off; modes above 1 warn that the drawing
 * shows the colour only), hue, saturation and value 0-255, a palette and brightness 1-8. A colour or brightness change
 * is one outframe_data write of the shown mode.
 */
import { useState } from 'react';
import type { ColourInfoPayload, HsvaPayload, OuterFramePayload } from '../../../contract/payloads/lighting';
import { useServices } from '../../services';
import { Slider } from '../../widgets/slider/Slider';
import { ChoiceList, Note, OnOff, SwatchRow } from './controls';
import { hexToHsv255, hsv255ToHex } from './rules';
import { nameOf, useLightingTexts } from './texts';
import type { ColourInfoHandle } from './use-colour-info';

export function OuterFramePanel({
  path,
  info,
  change,
}: {
  path: string;
  info: ColourInfoPayload;
  change: ColourInfoHandle['change'];
}) {
  const l = useLightingTexts();
  const { client, resources } = useServices();
  const frame = info.keyoutframe;
  const [draft, setDraft] = useState<HsvaPayload | undefined>(undefined);
  if (!frame) return <Note tone="info">{l('led.outframe.none')}</Note>;
  const index = frame.lightbar_index;
  const item = frame.items[index];
  const def = resources.ledModes.outframe_modes[index];

  const withItem = (f: OuterFramePayload, at: number, hsva: HsvaPayload): OuterFramePayload => ({
    ...f,
    lightbar_index: at,
    items: f.items.map((it) => (it.id_num === at ? { ...it, hsva } : it)),
  });
  const send = (at: number, hsva: HsvaPayload) => {
    setDraft(undefined);
    void change(
      (i) => ({ ...i, keyoutframe: i.keyoutframe && withItem(i.keyoutframe, at, hsva) }),
      () => client.setLedInfo({ path, outframe_data: { index: at, hsva } }),
    );
  };
  const hsva = draft ?? item?.hsva;
  const slider = (field: 'hue' | 'saturation' | 'value', label: string) =>
    hsva && (
      <Slider
        label={label}
        min={0}
        max={255}
        step={1}
        value={hsva[field]}
        onChange={(v) => setDraft({ ...hsva, [field]: v })}
        onCommit={(v) => send(index, { ...hsva, [field]: v })}
      />
    );

  return (
    <div className="led-panel" data-panel="outframe">
      <OnOff
        label={l('led.outframe.switch')}
        checked={frame.lightbar_use !== 0}
        onChange={(on) =>
          void change(
            (i) => ({ ...i, keyoutframe: i.keyoutframe && { ...i.keyoutframe, lightbar_use: on ? 1 : 0 } }),
            () => client.setLedInfo({ path, outframe_switch: on }),
          )
        }
      />
      {frame.lightbar_use !== 0 && (
        <>
          <ChoiceList
            label={l('led.outframe.modes')}
            choices={frame.items.map((it) => ({ value: String(it.id_num), label: nameOf(l, it.mode_name, it.id_num) }))}
            value={String(index)}
            onChange={(v) => {
              const at = Number(v);
              const target = frame.items.find((it) => it.id_num === at);
              if (target) send(at, target.hsva);
            }}
          />
          {index > 1 && <Note tone="warn">{l('led.outframe.warn')}</Note>}
          {index !== 0 && hsva && (def?.colour ?? true) && (
            <>
              {slider('hue', l('led.outframe.hue'))}
              {slider('saturation', l('led.outframe.saturation'))}
              {slider('value', l('led.outframe.value'))}
              <SwatchRow
                label={l('led.outframe.palette')}
                swatches={resources.ledModes.color_list.map(({ hex }) => ({ hex, name: l('led.colour.swatch', hex) }))}
                current={hsv255ToHex(hsva)}
                onPick={(hex) => {
                  const hsv = hexToHsv255(hex);
                  if (hsv) send(index, { ...hsv, alpha: hsva.alpha });
                }}
              />
            </>
          )}
          {index !== 0 && hsva && (
            <Slider
              label={l('led.outframe.brightness')}
              min={1}
              max={8}
              step={1}
              value={hsva.alpha}
              onChange={(v) => setDraft({ ...hsva, alpha: v })}
              onCommit={(v) => send(index, { ...hsva, alpha: v })}
            />
          )}
        </>
      )}
    </div>
  );
}
