/**
 * The Key performance tab (spec-2 §2.5, §4): the drawing at left with every key's trigger travel (and rapid-trigger
 * travel when on), and at right the views the device has (core/device-tabs.ts perfViewsFor): perf 0, game config 1,
 * switch 2 and verify 3. Perf selects keys; switch selects them unless the firmware takes one type for the whole
 * board; the others select none. Changing view clears the selection and tells the device the report mode: verify
 * streams triggers (2), the others stop it and reset calibration. Leaving the tab stops a trigger stream it started.
 * Verify shows the calibration steps only where the device calibrates.
 */
import { useDeviceSpace } from '../../keycode-space';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { featuresOf, pressesToDepth } from '../../device-features';
import { ptx } from '../../../i18n/sections/performance';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import type { KeyRect } from '../../keyboard/geometry';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import type { DrawingMode } from '../../keyboard/modes';
import { useDeviceState, useServices } from '../../services';
import { TabPanel, TabStrip } from '../../widgets/tab-strip/TabStrip';
import { printedLegends } from '../../keyboard/assignment';
import { PRESS_DEPTH, PressPanel } from '../key-code/press/PressPanel';
import { usePressKeys } from '../key-code/press/use-press-keys';
import { keyProgress, type AdcRange } from './calibration';
import { CalibrationPanel } from './CalibrationPanel';
import { GamePanel } from './GamePanel';
import { mm, perfViewsFor, viewCalls, viewSelects, type PerfView } from './perf-rules';
import { PerfPanel } from './PerfPanel';
import { usePerfPref } from './prefs';
import { SwitchPanel } from './SwitchPanel';
import { TesterChart } from './TesterChart';
import { TravelCanvas } from './TravelCanvas';
import { usePerfData } from './use-perf-data';
import '../../styles/performance.css';

const VIEW_MODE: Record<PerfView, DrawingMode> = {
  '0': 'key_perf',
  '1': 'key_perf_config',
  '2': 'key_switch',
  '3': 'key_calibration',
  '4': 'key_calibration',
};

/** Verify (3) and its tester chart (4): the views that stream triggers and may press keys of a virtual keyboard. */
const isVerifying = (view: PerfView) => view === '3' || view === '4';

const VIEW_LABEL = {
  '0': 'perf.tab.perf',
  '1': 'perf.tab.game',
  '2': 'perf.tab.switch',
  '3': 'perf.tab.verify',
} as const;

export default function PerfTab({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const device = useDeviceState((s) => s.devices.find((d) => d.path === path));
  const layout = device?.layout ?? null;
  const space = useDeviceSpace(path)?.space;
  const features = featuresOf(device);
  const perf = features.performance;
  const views = perfViewsFor(features);
  const { state, reload, change } = usePerfData(path);
  const info = state.status === 'ready' ? state.info : undefined;
  const [view, setView] = useState<PerfView>('0');
  const [selected, setSelected] = useState<number[]>([]);
  const [calBefore, setCalBefore] = useState<readonly AdcRange[] | undefined>(undefined);
  const virtual = device?.virtual === true;
  const [pressing, setPressing] = useState(false);
  const [depth, setDepth] = useState<number>(PRESS_DEPTH.default);
  const verifying = isVerifying(view);
  const press = usePressKeys(path, depth, virtual && pressing && verifying);
  const legends = useMemo(() => printedLegends(layout, space), [layout, space]);
  const [argsVis] = usePerfPref('perf_args_vis');
  const legendOf = useCallback((id: number) => legends.get(id) ?? `#${id}`, [legends]);

  // View changes reach the device in order; the latest view's calls go last.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const tell = useCallback(
    (next: PerfView) => {
      for (const args of viewCalls(next))
        queue.current = queue.current.then(() => attempt(client.setPerfInfo({ path, ...args })));
    },
    [client, path],
  );
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    tell(viewRef.current);
    return () => {
      if (isVerifying(viewRef.current))
        void queue.current.then(() => attempt(client.setPerfInfo({ path, key_ids: [0], use_report: 0 })));
    };
  }, [client, path, tell]);

  const changeView = (next: PerfView) => {
    // A click both focuses and selects a tab: the second report of one change arrives before the render.
    if (next === viewRef.current) return;
    viewRef.current = next;
    setView(next);
    setSelected([]);
    // Verify and its tester chart are one screen to the person pressing keys: press mode stays on between them.
    if (!isVerifying(next)) setPressing(false);
    tell(next);
  };

  const selects = viewSelects(view, perf);
  const keyDescription = useCallback(
    (id: number) => {
      if (!info) return undefined;
      const trigger = info.key_triggers[id];
      if (trigger === undefined) return undefined;
      const rapid = info.key_rapid_triggers[id];
      return rapid?.use_rapid
        ? ptx(t, 'perf.key.values.rt', mm(trigger), mm(rapid.p_rapid_value), mm(rapid.r_rapid_value))
        : ptx(t, 'perf.key.values', mm(trigger));
    },
    [info, t],
  );
  const calibrating = verifying && info?.calibration_state === 1;
  const doneShare = features.calibration?.doneShare;
  const keyFill = useCallback(
    (id: number) => {
      if (!calibrating || !info) return undefined;
      const progress = keyProgress(info.key_calibrations[id], calBefore?.[id], doneShare);
      return progress === 'done' ? '#3fb950' : progress === 'moving' ? '#f0a92e' : undefined;
    },
    [calibrating, info, calBefore, doneShare],
  );
  const renderKey = useCallback(
    (id: number, rect: KeyRect): ReactNode => {
      const trigger = info?.key_triggers[id];
      if (trigger === undefined) return null;
      const rapid = info?.key_rapid_triggers[id];
      // Sizes in the drawing's units (a 1u cap is about 56): the travel stays at least 8 px on screen at the
      // drawing's usual scale, and the press and release travel take two lines of their own, not one too wide.
      const size = Math.max(11, Math.min(rect.h * 0.24, 14));
      const cx = rect.x + rect.w / 2;
      const args = rapid?.use_rapid && argsVis;
      const [down, up] = args
        ? ptx(t, 'perf.key.args', mm(rapid.p_rapid_value), mm(rapid.r_rapid_value)).split(' ')
        : [];
      return (
        <g className="perf-key" aria-hidden="true" data-testid="perf-key-values">
          <text className="perf-key__trigger" x={cx} y={rect.y + rect.h - 5} fontSize={size}>
            {mm(trigger)}
          </text>
          {rapid?.use_rapid && !args && (
            <text className="perf-key__rt" x={rect.x + 5} y={rect.y + size} fontSize={size * 0.85}>
              RT
            </text>
          )}
          {args && (
            <text className="perf-key__args" data-testid="perf-key-args" fontSize={size * 0.85}>
              <tspan x={cx} y={rect.y + rect.h * 0.52}>
                {down}
              </tspan>{' '}
              <tspan x={cx} y={rect.y + rect.h * 0.52 + size * 0.8}>
                {up}
              </tspan>
            </text>
          )}
        </g>
      );
    },
    [info, argsVis, t],
  );

  let panel: ReactNode = null;
  if (state.status === 'loading') panel = <p role="status">{ptx(t, 'perf.loading')}</p>;
  else if (state.status === 'failed')
    panel = (
      <p role="alert">
        {ptx(t, 'perf.load.failed')}{' '}
        <button type="button" className="button button--secondary button--small" onClick={() => void reload()}>
          {ptx(t, 'perf.load.retry')}
        </button>
      </p>
    );
  else if (info && view === '0')
    panel = <PerfPanel path={path} info={info} features={features} selected={selected} change={change} />;
  else if (info && view === '1' && perf?.gameConfig)
    panel = <GamePanel path={path} layout={layout} set={perf.gameConfig.set} />;
  else if (info && view === '2' && perf?.switchTypes)
    panel = (
      <SwitchPanel path={path} info={info} selected={selected} perKey={perf.switchTypes.perKey} change={change} />
    );
  else if (info && view === '4')
    panel = (
      <section className="panel verify-panel">
        <h2 className="panel__title">{ptx(t, 'perf.chart.title')}</h2>
        <TesterChart path={path} maxTravel={info.key_accuracys[0]?.max_trigger} legendOf={legendOf} />
        <button type="button" className="button button--secondary" onClick={() => changeView('3')}>
          {ptx(t, 'perf.chart.back')}
        </button>
      </section>
    );
  else if (info && view === '3')
    panel = (
      <>
        <section className="panel verify-panel">
          <h2 className="panel__title">{ptx(t, 'perf.verify.title')}</h2>
          <p className="verify-panel__wait">{ptx(t, 'perf.verify.wait')}</p>
          <button type="button" className="button button--secondary" onClick={() => changeView('4')}>
            {ptx(t, 'perf.chart.open')}
          </button>
        </section>
        {features.calibration && (
          <CalibrationPanel
            path={path}
            info={info}
            legendOf={legendOf}
            before={calBefore}
            onBefore={setCalBefore}
            change={change}
          />
        )}
      </>
    );

  return (
    <div className="perf-tab" data-path={path} data-view={view}>
      <TabStrip
        label={ptx(t, 'perf.tabs.label')}
        className="perf-tab__views"
        tabs={views.map((id) => ({ value: id, label: ptx(t, VIEW_LABEL[id as keyof typeof VIEW_LABEL]) }))}
        value={view === '4' ? '3' : view}
        onValueChange={(v) => {
          if ((views as readonly string[]).includes(v)) changeView(v as PerfView);
        }}
      >
        <TabPanel value={view === '4' ? '3' : view}>
          <div className="perf-tab__body">
            <section className="panel perf-tab__board">
              {layout && virtual && verifying && pressesToDepth(features) && (
                <PressPanel on={pressing} depth={depth} onToggle={setPressing} onDepth={setDepth} />
              )}
              {layout && (
                <div className="perf-tab__drawing">
                  <KeyboardDrawing
                    space={space}
                    layout={layout}
                    mode={VIEW_MODE[view]}
                    useMode={selects ? 1 : null}
                    selected={selected}
                    onSelectionChange={setSelected}
                    label={ptx(t, 'perf.drawing.label')}
                    keyDescription={keyDescription}
                    renderKey={renderKey}
                    keyFill={keyFill}
                    {...(press ? { press } : {})}
                  />
                  {verifying && info && <TravelCanvas path={path} layout={layout} info={info} />}
                </div>
              )}
            </section>
            <div className="perf-tab__panel">{panel}</div>
          </div>
        </TabPanel>
      </TabStrip>
    </div>
  );
}
