/**
 * The Key LED tab (spec-1 §2): the keyboard drawing with the live preview on the left, a tab bar on the right: key
 * light always, outer frame and ambient light where the device's lighting features have them. The tab reads the
 * device's key colour info on opening and follows its get_key_color_info events (use-colour-info.ts).
 */
import { useDeviceSpace } from '../../keycode-space';
import { useCallback, useMemo, useState } from 'react';
import { featuresOf } from '../../device-features';
import { printedLegends } from '../../keyboard/assignment';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import type { DrawingMode } from '../../keyboard/modes';
import { useDeviceState, useServices } from '../../services';
import { TabPanel, TabStrip } from '../../widgets/tab-strip/TabStrip';
import { AmbientPanel } from './AmbientPanel';
import { Note } from './controls';
import { KeyLightPanel } from './KeyLightPanel';
import { OuterFramePanel } from './OuterFramePanel';
import { animatedKey, frameColourOf, previewCaption, usePrefersReducedMotion } from './preview';
import { previewOf } from './rules';
import { useLightingTexts } from './texts';
import { useColourInfo } from './use-colour-info';
import '../../styles/lighting.css';

type LedTabId = 'key' | 'outframe' | 'ambient';
const DRAWING_MODE: Record<LedTabId, DrawingMode> = {
  key: 'key_led',
  outframe: 'key_outframe',
  ambient: 'key_ambient',
};

export default function LedTab({ path }: { path: string }) {
  const l = useLightingTexts();
  const { resources } = useServices();
  const device = useDeviceState((s) => s.devices.find((d) => d.path === path));
  const layout = device?.layout ?? null;
  const space = useDeviceSpace(path)?.space;
  const features = featuresOf(device);
  const outerFrame = features.lighting?.outerFrame ?? false;
  const ambient = features.lighting?.ambient ?? false;
  // The ambient light's second generation has a subtype choice on mode 3 (our own protocol).
  const subtypes = features.keytune?.ambientGeneration === 2;
  const { state, reload, change } = useColourInfo(path);
  const [tab, setTab] = useState<LedTabId>('key');
  const [selected, setSelected] = useState<number[]>([]);
  const reducedMotion = usePrefersReducedMotion();
  const printed = useMemo(() => printedLegends(layout, space), [layout, space]);
  const keyLabel = useCallback((id: number) => printed.get(id) ?? `#${id}`, [printed]);

  const tabs = [
    { value: 'key', label: l('led.tab.key') },
    ...(outerFrame ? [{ value: 'outframe', label: l('led.tab.outframe') }] : []),
    ...(ambient ? [{ value: 'ambient', label: l('led.tab.ambient') }] : []),
  ];

  if (state.status === 'loading')
    return (
      <div className="led-tab led-tab--status" aria-busy="true">
        <p>{l('led.loading')}</p>
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className="led-tab led-tab--status">
        <Note tone="warn">{l('led.failed')}</Note>
        <button type="button" className="led-plain-button" onClick={() => void reload()}>
          {l('led.retry')}
        </button>
      </div>
    );

  const info = state.info;
  const preview = previewOf(info, resources.ledModes.modes);
  const colourOf = preview.kind === 'off' ? undefined : preview.colourOf;
  const caption = previewCaption(l, preview, reducedMotion);

  return (
    <div className="led-tab" data-preview={preview.kind} data-reduced-motion={reducedMotion ? 'true' : 'false'}>
      <div className="led-tab__drawing">
        <KeyboardDrawing
          space={space}
          layout={layout}
          mode={DRAWING_MODE[tab]}
          label={l('led.drawing.label')}
          selected={selected}
          onSelectionChange={setSelected}
          keyLabel={keyLabel}
          keyFill={colourOf}
          renderKey={preview.kind === 'animated' ? animatedKey(preview.mode, reducedMotion) : undefined}
          frameColour={frameColourOf(info, tab, resources.ledModes.ambient_colors)}
        />
        <p className="led-preview-caption" data-testid="led-preview-caption">
          {caption}
        </p>
        {preview.kind === 'animated' && <Note tone="warn">{l('led.warn.preview')}</Note>}
      </div>
      <TabStrip
        className="led-tab__tabs"
        label={l('led.tabs.label')}
        tabs={tabs}
        value={tab}
        onValueChange={(v) => setTab(v === 'outframe' || v === 'ambient' ? v : 'key')}
      >
        <TabPanel value="key">
          <KeyLightPanel path={path} layout={layout} info={info} change={change} selected={selected} />
        </TabPanel>
        {outerFrame && (
          <TabPanel value="outframe">
            <OuterFramePanel path={path} info={info} change={change} />
          </TabPanel>
        )}
        {ambient && (
          <TabPanel value="ambient">
            <AmbientPanel path={path} info={info} change={change} subtypes={subtypes} />
          </TabPanel>
        )}
      </TabStrip>
    </div>
  );
}
