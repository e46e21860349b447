/**
 * The perf view's panel (spec-2 §2.5, §5): trigger travel and dead zone in mm, stepping by the key's accuracy and
 * bounded by its range; the rapid-trigger switch, its mode strip, press and release travel in mode 0, the sensitivity
 * choice, the series-rapid tag and the advanced options. Each control shows only where the device's performance
 * features offer it: the dead zone, the automatic mode with its sensitivity, the advanced (continuous) mode and the
 * "use complete" setting. The values shown are the first selected key's. Every change goes to all selected keys; a
 * change the rules block is undone with the rule's toast, and with no key selected the panel is covered by a button
 * named by the status line that says so (the text is written once).
 */
import { useEffect, useId, useState } from 'react';
import type { PerformancePayload, RapidTriggerSetting } from '../../../contract/payloads/performance';
import type { RapidSetting } from '../../../contract/areas/performance';
import type { DeviceFeatures, PerformanceFeatures } from '../../../core/device-features';
import { checkPerfEdit, perfRanges, perfWarnings, type PerfEdit } from '../../../core/rules/perf';
import type { SliderRange } from '../../../core/rules/numeric';
import { TOAST_KEYS } from '../../../core/toast-keys';
import { ptx } from '../../../i18n/sections/performance';
import type { Translate } from '../../../i18n/translate';
import { useLanguage, useT } from '../../../i18n/store';
import { HELP_LINKS } from '../../help/links';
import { useServices } from '../../services';
import { pushKeyToast } from '../../toasts/store';
import { Slider } from '../../widgets/slider/Slider';
import { TabStrip } from '../../widgets/tab-strip/TabStrip';
import { AppDialog } from '../../widgets/AppDialog';
import { heldRange, heldValue } from './held-steps';
import { usePerfPref } from './prefs';
import { deadScale, rapidScale, triggerScale, type SliderScale, type ZoneTexts } from './slider-zones';

type Change =
  | { trigger: number }
  | { dead: number }
  | { rapid: RapidSetting }
  | { advance_rapid: boolean }
  | { key_rapid_use_complete: boolean };

export interface PerfPanelProps {
  path: string;
  info: PerformancePayload;
  /** The device's features: its performance area and, for our own protocol, the rapid-trigger complete setting. */
  features: Pick<DeviceFeatures, 'performance' | 'keytune'>;
  selected: readonly number[];
  change(pending: Promise<PerformancePayload>): Promise<unknown>;
}

const OFF_RAPID: RapidTriggerSetting = {
  p_rapid_value: 0,
  r_rapid_value: 0,
  min: 0,
  max: 0,
  accuracy: 0,
  use_rapid: false,
  use_series_rapid: false,
  advance_rapid_mode: 0,
  rt_mode: 0,
  rt_sensitivity_state: 0,
};

/** The product site's page on rapid trigger, in the page's language. */
export function rapidTriggerPage(language: keyof typeof HELP_LINKS.officialSite): string {
  return new URL('rapid-trigger', HELP_LINKS.officialSite[language]).href;
}

function zoneTexts(t: Translate): ZoneTexts {
  return {
    fast: ptx(t, 'perf.zone.fast'),
    sensitive: ptx(t, 'perf.zone.sensitive'),
    balanced: ptx(t, 'perf.zone.balanced'),
    stable: ptx(t, 'perf.zone.stable'),
    tooSensitive: ptx(t, 'perf.zone.too.sensitive'),
    factory: ptx(t, 'perf.mark.factory'),
  };
}

/** Whether the keys carry more than one switch type: a dead zone is not set across switch types (spec-2 §5). */
export function mixedSwitchTypes(info: PerformancePayload, keys: readonly number[]): boolean {
  return new Set(keys.map((id) => info.key_switch_types[id])).size > 1;
}

export function PerfPanel({ path, info, features, selected, change }: PerfPanelProps) {
  const t = useT();
  const language = useLanguage();
  const { client } = useServices();
  const ids = useId();
  const key = selected[0] ?? 0;
  const accuracy = info.key_accuracys[key];
  // The device's own minimum trigger bounds the slider (the service refuses anything below it); the model's base
  // minimum stands in when the device reports none.
  const perf = features.performance;
  const minTrigger = accuracy && accuracy.min_trigger > 0 ? accuracy.min_trigger : (perf?.minTravelMm ?? 0);
  const deviceRanges = perfRanges(accuracy, minTrigger);
  // A keyboard with steps of its own: sliders in hundredths from its smallest value, each value set to a held step.
  const held = perf?.heldStepMm;
  const ranges = held
    ? {
        ...deviceRanges,
        trigger: heldRange(deviceRanges.trigger, perf.minTravelMm),
        rapid: heldRange(deviceRanges.rapid, perf.minTravelMm),
      }
    : deviceRanges;
  const factory = perf?.factoryMm;
  const zones = zoneTexts(t);
  const rapid = info.key_rapid_triggers[key] ?? OFF_RAPID;
  const device = {
    trigger: info.key_triggers[key] ?? ranges.trigger.min,
    dead: info.key_deads[key] ?? 0,
    press: rapid.p_rapid_value,
    release: rapid.r_rapid_value,
  };
  // What the sliders show while dragged; the device's values again once it answers or another key is shown.
  const [draft, setDraft] = useState<Partial<typeof device>>({});
  useEffect(() => setDraft({}), [info, key]);
  const shown = { ...device, ...draft };
  const none = selected.length === 0;

  const allowed = (edit: PerfEdit): boolean => {
    const check = checkPerfEdit(edit, {
      selectedKeys: selected.length,
      useRapid: rapid.use_rapid,
      rtMode: rapid.rt_mode,
    });
    if (!check.ok) {
      pushKeyToast(check.toastKey);
      setDraft({});
    }
    return check.ok;
  };
  const send = (edit: PerfEdit, raw: Change) => {
    if (!allowed(edit)) return;
    const what = held ? toHeld(raw, device, held, ranges) : raw;
    if (edit === 'dead' && mixedSwitchTypes(info, selected)) {
      pushKeyToast(TOAST_KEYS.perfDeadZoneMixedSwitches);
      setDraft({});
      return;
    }
    void change(client.setPerfInfo({ path, key_ids: [...selected], ...what })).then(() => setDraft({}));
  };

  const warnings = perfWarnings({
    ...(perf?.deadZone ? { dead: shown.dead } : {}),
    ...(rapid.use_rapid && rapid.rt_mode === 0 ? { pressRapid: shown.press, releaseRapid: shown.release } : {}),
  });
  const unit = ptx(t, 'perf.unit.mm');
  const auto = rapid.use_rapid && rapid.rt_mode === 1;

  return (
    <section className="panel perf-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="panel__title">
        {ptx(t, 'perf.tab.perf')}
      </h2>
      <p className="perf-panel__count" role="status" id={`${ids}-count`}>
        {none ? ptx(t, 'perf.select.to.adjust') : ptx(t, 'perf.selected.count', selected.length)}
      </p>
      <div className="perf-panel__body" data-blocked={none ? 'true' : undefined}>
        <Slider
          label={ptx(t, 'perf.trigger')}
          value={shown.trigger}
          {...ranges.trigger}
          unit={unit}
          {...triggerScale(zones, factory?.trigger)}
          onChange={(v) => setDraft((d) => ({ ...d, trigger: v }))}
          onCommit={(v) => send('trigger', { trigger: v })}
        />
        {perf?.deadZone && (
          <Slider
            label={ptx(t, 'perf.dead')}
            value={shown.dead}
            {...ranges.dead}
            unit={unit}
            {...deadScale(zones, factory?.dead)}
            onChange={(v) => setDraft((d) => ({ ...d, dead: v }))}
            onCommit={(v) => send('dead', { dead: v })}
          />
        )}
        {auto && <p className="perf-panel__note">{ptx(t, 'perf.rt.auto.note')}</p>}
        <div className="perf-panel__row">
          <button
            type="button"
            role="switch"
            className="perf-switch"
            aria-checked={rapid.use_rapid}
            onClick={() => send('rapid', { rapid: { use_rapid: !rapid.use_rapid } })}
          >
            <span className="perf-switch__track" aria-hidden="true" />
            {ptx(t, 'perf.rt')}
          </button>
          {rapid.use_series_rapid && (
            <span className="perf-tag" data-testid="series-rapid">
              {ptx(t, perf?.advancedRapidMode === 'continuous' ? 'perf.rt.continuous.1' : 'perf.rt.series')}
            </span>
          )}
        </div>
        {rapid.use_rapid && (
          <RapidOptions
            rapid={rapid}
            perf={perf}
            useComplete={features.keytune?.rapidUseComplete ?? false}
            info={info}
            shown={shown}
            ranges={ranges.rapid}
            unit={unit}
            scale={rapidScale(zones, factory?.rapid)}
            onDraft={(d) => setDraft((prev) => ({ ...prev, ...d }))}
            send={send}
          />
        )}
        {held && (
          <p className="perf-panel__note" data-testid="held-steps">
            {ptx(t, 'perf.held.steps', held.toFixed(3))}
          </p>
        )}
        {warnings.length > 0 && (
          <ul className="perf-panel__warnings" role="status">
            {warnings.map((w) => (
              <li key={w}>{t.dynamic(w)}</li>
            ))}
          </ul>
        )}
        <details className="perf-panel__help">
          <summary>{ptx(t, 'perf.rt.help.title')}</summary>
          <p>{ptx(t, 'perf.rt.help.body')}</p>
          <p>
            <a className="perf-panel__link" href={rapidTriggerPage(language)} target="_blank" rel="noopener noreferrer">
              {`${ptx(t, 'perf.rt.help.link')} `}
              <span className="sr-only">{ptx(t, 'perf.link.new.tab')}</span>
            </a>
          </p>
        </details>
      </div>
      {none && (
        <button
          type="button"
          className="perf-panel__cover"
          onClick={() => pushKeyToast(TOAST_KEYS.perfNoSelectKeys)}
          // Named by the status line above, which already says it: a second copy here sat over the dead-zone label.
          aria-labelledby={`${ids}-count`}
          data-testid="perf-cover"
        />
      )}
    </section>
  );
}

function RapidOptions(props: {
  rapid: RapidTriggerSetting;
  perf: PerformanceFeatures | undefined;
  /** The board's rapid-trigger "use complete" setting is offered (our own protocol). */
  useComplete: boolean;
  info: PerformancePayload;
  shown: { press: number; release: number };
  ranges: { min: number; max: number; step: number };
  unit: string;
  scale: SliderScale;
  onDraft(d: { press?: number; release?: number }): void;
  send(edit: PerfEdit, what: Change): void;
}) {
  const { rapid, perf, useComplete, info, shown, ranges, unit, scale, onDraft, send } = props;
  const offersAuto = perf?.rapidTriggerAuto ?? false;
  const t = useT();
  const ids = useId();
  const mode = String(rapid.rt_mode);
  const continuous = perf?.advancedRapidMode === 'continuous';
  const advancedMode: 0 | 1 = rapid.advance_rapid_mode === 1 ? 1 : 0;
  const [dialog, setDialog] = useState<1 | 5 | undefined>(undefined);
  const [together, setTogether] = usePerfPref('perf_use_complete');
  const [argsVis, setArgsVis] = usePerfPref('perf_args_vis');
  const sliders = together ? (
    <Slider
      label={ptx(t, 'perf.rt.both')}
      value={shown.press}
      {...ranges}
      unit={unit}
      {...scale}
      onChange={(v) => onDraft({ press: v, release: v })}
      onCommit={(v) => send('rapid', { rapid: { p_rapid_value: v, r_rapid_value: v } })}
    />
  ) : (
    <>
      <Slider
        label={ptx(t, 'perf.rt.press')}
        value={shown.press}
        {...ranges}
        unit={unit}
        {...scale}
        onChange={(v) => onDraft({ press: v })}
        onCommit={(v) => send('rapid', { rapid: { p_rapid_value: v } })}
      />
      <Slider
        label={ptx(t, 'perf.rt.release')}
        value={shown.release}
        {...ranges}
        unit={unit}
        {...scale}
        onChange={(v) => onDraft({ release: v })}
        onCommit={(v) => send('rapid', { rapid: { r_rapid_value: v } })}
      />
    </>
  );
  const sensitivity = (
    <fieldset className="perf-sensitivity" aria-disabled={rapid.rt_mode !== 1}>
      <legend>{ptx(t, 'perf.rt.sensitivity')}</legend>
      {([0, 1, 2] as const).map((s) => (
        <label key={s} className="perf-sensitivity__option">
          <input
            type="radio"
            name={`${ids}-sensitivity`}
            value={s}
            checked={rapid.rt_sensitivity_state === s}
            onChange={() => send('sensitivity', { rapid: { rt_sensitivity_state: s } })}
          />
          {ptx(t, `perf.rt.sensitivity.${s}`)}
        </label>
      ))}
    </fieldset>
  );
  return (
    <div className="perf-rapid">
      {offersAuto ? (
        <TabStrip
          label={ptx(t, 'perf.rt.modes')}
          tabs={[
            { value: '0', label: ptx(t, 'perf.rt.mode.0') },
            { value: '1', label: ptx(t, 'perf.rt.mode.1') },
          ]}
          value={mode}
          maxVisible={2}
          onValueChange={(v) => {
            if (v === '0' || v === '1') send('rt-mode', { rapid: { rt_mode: v === '1' ? 1 : 0 } });
          }}
        />
      ) : null}
      {rapid.rt_mode === 0 ? sliders : null}
      {offersAuto && sensitivity}
      <div className="perf-panel__row">
        <button type="button" className="button button--secondary button--small" onClick={() => setDialog(1)}>
          {ptx(t, 'perf.rt.settings')}
        </button>
        {perf?.continuousRapidTrigger && (
          <button type="button" className="button button--secondary button--small" onClick={() => setDialog(5)}>
            {ptx(
              t,
              continuous ? 'perf.rt.continuous.button' : 'perf.rt.advanced.button',
              ptx(t, advancedModeText(advancedMode, continuous)),
            )}
          </button>
        )}
      </div>
      <AppDialog
        open={dialog === 1}
        onOpenChange={(open) => !open && setDialog(undefined)}
        title={ptx(t, 'perf.rt.settings')}
        description={ptx(t, 'perf.rt.settings.body')}
        dataAttributes={{ 'data-dialog-type': '1' }}
        footer={
          <button type="button" className="button button--primary" onClick={() => setDialog(undefined)}>
            {ptx(t, 'perf.ok')}
          </button>
        }
      >
        <div className="perf-dialog__options">
          {useComplete && (
            <PerfSwitch
              on={info.key_rapid_use_complete === 1}
              label={ptx(t, 'perf.rt.complete')}
              onToggle={() => send('rapid', { key_rapid_use_complete: info.key_rapid_use_complete !== 1 })}
            />
          )}
          <PerfSwitch on={together} label={ptx(t, 'perf.pref.use_complete')} onToggle={() => setTogether(!together)} />
          <PerfSwitch on={argsVis} label={ptx(t, 'perf.pref.args_vis')} onToggle={() => setArgsVis(!argsVis)} />
        </div>
      </AppDialog>
      <AdvancedModeDialog
        open={dialog === 5}
        mode={advancedMode}
        continuous={continuous}
        onClose={() => setDialog(undefined)}
        onApply={(next) => {
          setDialog(undefined);
          if (next !== rapid.advance_rapid_mode) send('rapid', { advance_rapid: next === 1 });
        }}
      />
    </div>
  );
}

function PerfSwitch({ on, label, onToggle }: { on: boolean; label: string; onToggle(): void }) {
  return (
    <button type="button" role="switch" className="perf-switch" aria-checked={on} onClick={onToggle}>
      <span className="perf-switch__track" aria-hidden="true" />
      {label}
    </button>
  );
}

/** The name of an advanced rapid-trigger mode, and what it does: mode 1 is continuous rapid trigger where it is so. */
function advancedModeText(mode: 0 | 1, continuous: boolean, body = false) {
  const name = continuous && mode === 1 ? 'perf.rt.continuous.1' : (`perf.rt.advanced.${mode}` as const);
  if (!body) return name;
  return continuous ? (`perf.rt.continuous.${mode}.body` as const) : (`perf.rt.advanced.${mode}.body` as const);
}

/** The values of a change on a keyboard with steps of its own: each travel the nearest held step (see held-steps). */
function toHeld(
  what: Change,
  device: { trigger: number; press: number; release: number },
  step: number,
  ranges: { trigger: SliderRange; rapid: SliderRange },
): Change {
  if ('trigger' in what) return { trigger: heldValue(what.trigger, device.trigger, step, ranges.trigger) };
  if (!('rapid' in what)) return what;
  const { p_rapid_value: press, r_rapid_value: release } = what.rapid;
  return {
    rapid: {
      ...what.rapid,
      ...(press !== undefined ? { p_rapid_value: heldValue(press, device.press, step, ranges.rapid) } : {}),
      ...(release !== undefined ? { r_rapid_value: heldValue(release, device.release, step, ranges.rapid) } : {}),
    },
  };
}

/**
 * Dialog 5: the advanced rapid-trigger mode, standard (0) or advanced (1), each with what it does; OK applies. Where
 * mode 1 is continuous rapid trigger (the features say so), it is named and explained as such.
 */
function AdvancedModeDialog(props: {
  open: boolean;
  mode: 0 | 1;
  continuous: boolean;
  onClose(): void;
  onApply(mode: 0 | 1): void;
}) {
  const { open, mode, continuous, onClose, onApply } = props;
  const t = useT();
  const ids = useId();
  const [choice, setChoice] = useState<0 | 1>(mode);
  useEffect(() => {
    if (open) setChoice(mode);
  }, [open, mode]);
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={ptx(t, continuous ? 'perf.rt.continuous' : 'perf.rt.advanced')}
      description={ptx(t, 'perf.rt.advanced.body')}
      dataAttributes={{ 'data-dialog-type': '5' }}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {ptx(t, 'perf.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => onApply(choice)}>
            {ptx(t, 'perf.ok')}
          </button>
        </>
      }
    >
      <fieldset className="perf-dialog__modes">
        <legend className="sr-only">{ptx(t, continuous ? 'perf.rt.continuous' : 'perf.rt.advanced')}</legend>
        {([0, 1] as const).map((m) => (
          <div key={m} className="perf-dialog__mode">
            <input
              type="radio"
              id={`${ids}-advanced-${m}-input`}
              name={`${ids}-advanced`}
              value={m}
              checked={choice === m}
              aria-describedby={`${ids}-advanced-${m}`}
              onChange={() => setChoice(m)}
            />
            <label htmlFor={`${ids}-advanced-${m}-input`} className="perf-dialog__mode-name">
              {ptx(t, advancedModeText(m, continuous))}
            </label>
            <span id={`${ids}-advanced-${m}`} className="perf-dialog__mode-text">
              {ptx(t, advancedModeText(m, continuous, true))}
            </span>
          </div>
        ))}
      </fieldset>
    </AppDialog>
  );
}
