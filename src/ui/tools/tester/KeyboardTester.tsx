/**
 * The Keyboard Tester plugin (spec-2 §2.7). Key events come from the browser (KeyboardEvent.code, any keyboard) or
 * from a connected or virtual keyboard's own key events (dev_event), which also carry the keys the system keeps from
 * the page. Each event lands in a TesterLog at once; the screen redraws at most once per animation frame, so bursts
 * of thousands of events a second lose none and never block typing.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, lazy, Suspense } from 'react';
import { useLanguage } from '../../../i18n/store';
import { LOCALES } from '../../../i18n/translate';
import { attempt } from '../../call';
import { usePressKeys } from '../../device-page/key-code/press/use-press-keys';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { deviceSpaceOf } from '../../keycode-space';
import { useDeviceState, useServices } from '../../services';
import { WarningIcon } from '../../widgets/icons';
import { useToolsT, type ToolsT } from '../texts';
import { AnsiDrawing, keyStateOf, type KeyState } from './AnsiDrawing';
import { loadConfig, saveConfig, type TesterConfig } from './config';
import { ConfigDialog } from './ConfigDialog';
import { EventTable } from './EventTable';
import { keyTitle } from './format';
import { TesterLog, type KeySource } from './tester-log';
import { letsFocusLeave, reachesTester, useTestFocus } from './use-test-focus';
import { soundKey } from './voice';
import '../../styles/tools.css';
import '../../styles/tester-focus.css';

/** A keyboard that reports its switch matrix (VIA) is tested from the keyboard's own reads, not OS key events. */
const ViaMatrixTester = lazy(() =>
  import('../../device-page/family-texts')
    .then(() => import('../../device-page/via/ViaMatrixTester'))
    .then((m) => ({ default: m.ViaMatrixTester })),
);

const BROWSER = '';
/** Depth a virtual keyboard's key is pressed to from the drawing (mm): past every trigger point. */
const PRESS_DEPTH = 4;

const FILLS: Record<KeyState, string | undefined> = {
  idle: undefined,
  tested: 'var(--tester-tested)',
  down: 'var(--tester-down)',
  chatter: 'var(--tester-chatter)',
};

const nextFrame = (cb: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(cb);
  else setTimeout(cb, 0);
};

/** A keyboard the tester can take keys from itself: its own key events, or its switch states (VIA). */
function testableOnItsOwn(device: { features: { keyEvents?: boolean; matrixTester: boolean } }): boolean {
  return device.features.keyEvents === true || device.features.matrixTester;
}

export default function KeyboardTester() {
  const tt = useToolsT();
  const language = useLanguage();
  const { client } = useServices();
  const all = useDeviceState((s) => s.devices);
  // Only keyboards whose features say they report keys of their own (key events, or their switch matrix) are a source.
  const devices = all.filter(testableOnItsOwn);
  const silent = all.filter((d) => !testableOnItsOwn(d));
  const sourceId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState(BROWSER);
  const device = devices.find((d) => d.path === chosen);
  const path = device?.path ?? BROWSER;
  const [config, setConfig] = useState(loadConfig);
  const [configOpen, setConfigOpen] = useState(false);
  const [log] = useState(() => new TesterLog(config.chatter_ms));
  const [, setFrame] = useState(0);
  const areaRef = useRef<HTMLDivElement>(null);
  const press = usePressKeys(path || 'none', PRESS_DEPTH, device?.virtual === true);

  // What the next frame must do: redraw, and sound the last key pressed since the one before.
  const frame = useRef<{ scheduled: boolean; pressed?: KeySource }>({ scheduled: false });
  const voice = useRef<{ on: boolean; tt: ToolsT; lang: string }>({ on: false, tt, lang: LOCALES[language] });
  voice.current = { on: config.use_voice, tt, lang: LOCALES[language] };
  const changed = useCallback((pressed?: KeySource) => {
    if (pressed) frame.current.pressed = pressed;
    if (frame.current.scheduled) return;
    frame.current.scheduled = true;
    nextFrame(() => {
      const said = frame.current.pressed;
      frame.current = { scheduled: false };
      if (said && voice.current.on) soundKey(keyTitle(said, voice.current.tt), voice.current.lang);
      setFrame((n) => n + 1);
    });
  }, []);

  // The browser's key events, for any keyboard.
  useEffect(() => {
    if (path !== BROWSER) return;
    let previousDown: string | undefined;
    const onKey = (e: KeyboardEvent) => {
      const down = e.type === 'keydown';
      if (down) {
        if (!reachesTester(e.target, areaRef.current)) return;
        // The tested key does nothing else (held keys neither: a held Space would scroll), Tab included, except
        // Tab right after Esc: the keyboard's way out of the test area.
        if (!letsFocusLeave(previousDown, e.code)) e.preventDefault();
        if (e.repeat) return;
        previousDown = e.code;
      }
      const key: KeySource = { kind: 'code', code: e.code || 'Unidentified' };
      if (log.record(key, down, e.timeStamp || performance.now())) changed(down ? key : undefined);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [path, log, changed]);

  // A keyboard's own key events, timed by the keyboard's clock.
  const streams = device?.features.keyEvents === true;
  useEffect(() => {
    if (path === BROWSER || !streams) return;
    let at: number | undefined;
    const off = client.on('dev_event', (event) => {
      if (event.path !== path) return;
      at = at === undefined ? 0 : at + event.delay;
      const key: KeySource = { kind: 'device', keyId: event.key_id, name: event.name };
      if (log.record(key, event.is_down, at)) changed(event.is_down ? key : undefined);
    });
    void attempt(client.devEventStream({ path, action: 'start' }));
    return () => {
      off();
      void attempt(client.devEventStream({ path, action: 'stop' }));
    };
  }, [path, streams, client, log, changed]);

  // Key releases are lost while the page has no focus: say so, and let go of the held keys.
  const releaseHeld = useCallback(() => {
    log.releaseAll();
    changed();
  }, [log, changed]);
  const { loss, takeBack } = useTestFocus(areaRef, releaseHeld);

  // In the same commit that shows the area, so nothing can see (or type into) the page before the area has focus.
  useLayoutEffect(() => areaRef.current?.focus({ preventScroll: true }), []);

  const clear = () => {
    log.clear();
    changed();
    takeBack();
  };
  const chooseSource = (value: string) => {
    log.clear();
    setChosen(value);
    changed();
  };
  const apply = (next: TesterConfig) => {
    setConfig(next);
    saveConfig(next);
    log.chatterMs = next.chatter_ms;
    setConfigOpen(false);
  };

  const deviceStats = (keyId: number) => log.keys.get(`#${keyId}`);
  const counters: [string, number][] = [
    [tt('tester.counts.total'), log.total],
    [tt('tester.counts.pressed'), log.held],
    [tt('tester.counts.max'), log.maxHeld],
    [tt('tester.counts.chatter'), log.chatterCount],
  ];

  return (
    <section className="tester" aria-label={tt('tools.plugin.tester.name')}>
      <div className="tester__toolbar">
        <label htmlFor={sourceId} className="tester__source-label">
          {tt('tester.source')}
        </label>
        <select
          id={sourceId}
          className="input tester__source"
          value={path}
          onChange={(e) => chooseSource(e.target.value)}
        >
          <option value={BROWSER}>{tt('tester.source.browser')}</option>
          {devices.map((d) => (
            <option key={d.path} value={d.path}>
              {tt(d.features.keyEvents ? 'tester.source.device' : 'tester.source.matrix', d.display_name)}
            </option>
          ))}
        </select>
        <span className="tester__spacer" />
        <button type="button" className="button button--secondary" onClick={() => setConfigOpen(true)}>
          {tt('tester.config')}
        </button>
        <button type="button" className="button button--primary" onClick={clear}>
          {tt('tester.clear')}
        </button>
      </div>
      {silent.length > 0 && (
        <p className="tester__hint" data-testid="tester-silent">
          {tt('tester.source.silent', silent.map((d) => d.display_name).join(', '), silent.length)}
        </p>
      )}
      {path === BROWSER && loss !== 'none' && (
        <div className="tester__warning tester__warning--focus" role="alert">
          <WarningIcon size={18} />
          <span>{tt(loss === 'window' ? 'tester.focus.warning' : 'tester.focus.lost')}</span>
          <button type="button" className="button button--primary button--small" onClick={takeBack}>
            {tt('tester.focus.resume')}
          </button>
        </div>
      )}
      <dl className="tester__counts" aria-label={tt('tester.counts.label')}>
        {counters.map(([label, value]) => (
          <div key={label} className="tester__count">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div
        ref={areaRef}
        className="tester__area"
        data-testing={path !== BROWSER || loss === 'none' ? 'true' : 'false'}
        role="application"
        tabIndex={0}
        aria-label={tt('tester.area')}
        aria-describedby={hintId}
      >
        <p id={hintId} className="tester__hint">
          {tt(device?.virtual ? 'tester.area.device.hint' : 'tester.area.hint')}
        </p>
        {device?.features.matrixTester ? (
          <Suspense fallback={null}>
            <ViaMatrixTester path={device.path} />
          </Suspense>
        ) : device ? (
          <KeyboardDrawing
            layout={device.layout}
            space={deviceSpaceOf(device.features).space}
            mode="key_calibration"
            label={tt('tester.drawing.label')}
            press={press}
            keyFill={(id) => FILLS[keyStateOf(deviceStats(id))]}
            keyDescription={(id) => tt('tester.key.count', deviceStats(id)?.count ?? 0)}
            renderKey={(id, rect) => {
              const count = deviceStats(id)?.count ?? 0;
              if (count === 0) return null;
              return (
                <text
                  className="tester-key__count"
                  x={rect.x + rect.w - rect.w * 0.1}
                  y={rect.y + rect.h - rect.h * 0.12}
                  textAnchor="end"
                  fontSize={Math.min(rect.w, rect.h) * 0.28}
                  aria-hidden="true"
                >
                  {count}
                </text>
              );
            }}
          />
        ) : (
          <AnsiDrawing keys={log.keys} />
        )}
        <ul className="tester__legend" aria-hidden="true">
          <li data-state="tested">{tt('tester.legend.released')}</li>
          <li data-state="down">{tt('tester.legend.down')}</li>
          <li data-state="chatter">{tt('tester.legend.chatter')}</li>
        </ul>
      </div>
      <EventTable events={log.events} count={log.events.length} />
      {configOpen && (
        <ConfigDialog
          config={config}
          onApply={apply}
          onClose={() => {
            setConfigOpen(false);
          }}
        />
      )}
    </section>
  );
}
