/**
 * The bug report (docs/bug-report.md): save one file for a device, from the Help tab (with the choice of including
 * serial numbers) or a device card's menu, and open such a file to read it. The service builds the bundle; the page
 * adds its own version, browser and warnings. The viewer and the file's schema load only when a file is opened.
 */
import { HiddenFileInput } from '../widgets/HiddenFileInput';
import { lazy, Suspense, useCallback, useId, useRef, useState, type ChangeEvent } from 'react';
import type { Client } from '../../contract/client';
import type { ReportBundle } from '../../core/report-bundle-format';
import type { DeviceRecord } from '../../contract/bridge';
import { attempt } from '../call';
import { installConsoleLog, pageMessages } from '../console-log';
import { downloadText } from '../device-page/themes/download';
import { Toggle } from '../preferences/Toggle';
import { useDeviceState, useServices } from '../services';
import { useToastStore } from '../toasts/store';
import { useReportT } from './report-texts';
import type { OpenedReport } from './ReportViewer';

// Kept from the moment the report's code loads; the app's entry may install it earlier.
installConsoleLog();

const ReportViewer = lazy(() => import('./ReportViewer'));

/** Serials this short are only left out where they are named (as the service does). */
const MIN_SCRUBBED_SERIAL = 4;

/** The page's own part of a bundle: its version, its browser, its warnings (serials left out as the service did). */
function withPage(bundle: ReportBundle, record: DeviceRecord | undefined, appVersion: string): ReportBundle {
  const hide = (text: string) => {
    if (bundle.serials !== 'hashed' || !record) return text;
    const named = text.split(record.path).join(bundle.device.path);
    return record.dev_sn.length >= MIN_SCRUBBED_SERIAL ? named.split(record.dev_sn).join(bundle.device.serial) : named;
  };
  return {
    ...bundle,
    app: { version: appVersion },
    system: {
      ...bundle.system,
      page: { user_agent: globalThis.navigator?.userAgent ?? null, node: null, os: null },
    },
    messages: [...bundle.messages, ...pageMessages().map((m) => ({ ...m, text: hide(m.text) }))],
  };
}

export function reportFileName(bundle: ReportBundle): string {
  const model = bundle.device.model.replace(/[^A-Za-z0-9._-]+/g, '_') || 'device';
  const stamp = bundle.created
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `keytune-report-${model}-${stamp}.json`;
}

async function saveReport(
  client: Client,
  record: DeviceRecord | undefined,
  path: string,
  includeSerial: boolean,
  appVersion: string,
): Promise<boolean> {
  // A refusal (no such device) was said by the service in a toast of its own.
  const answer = await attempt(client.getReportBundle({ path, include_serial: includeSerial }));
  if (!answer.ok) return false;
  const bundle = withPage(answer.value, record, appVersion);
  const name = reportFileName(bundle);
  downloadText(name, `${JSON.stringify(bundle, null, 2)}\n`);
  useToastStore.getState().push({ title: 'report.saved', context: '', args: name, type: 0, delay: 5 });
  return true;
}

/** Saves the bug report of the device at `path`, serial numbers left out (a device card's menu). */
export function useSaveReport(): (path: string) => Promise<void> {
  const { client, devices, resources } = useServices();
  return useCallback(
    async (path: string) => {
      const record = devices.getState().devices.find((d) => d.path === path);
      await saveReport(client, record, path, false, resources.version.app);
    },
    [client, devices, resources],
  );
}

function SaveReport() {
  const r = useReportT();
  const { client, resources } = useServices();
  const devices = useDeviceState((s) => s.devices);
  const [chosen, setChosen] = useState<string>();
  const [includeSerial, setIncludeSerial] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { device: useId(), hint: useId() };
  const path = devices.some((d) => d.path === chosen) ? chosen : devices[0]?.path;

  if (!path) return <p>{r('report.no.device')}</p>;
  const save = async () => {
    setBusy(true);
    try {
      await saveReport(
        client,
        devices.find((d) => d.path === path),
        path,
        includeSerial,
        resources.version.app,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="report-save">
      <div className="field">
        <label htmlFor={ids.device}>{r('report.device')}</label>
        <select id={ids.device} className="input" value={path} onChange={(e) => setChosen(e.target.value)}>
          {devices.map((d) => (
            <option key={d.path} value={d.path}>
              {d.display_name} ({d.path})
            </option>
          ))}
        </select>
      </div>
      <Toggle
        label={r('report.include.serial')}
        checked={includeSerial}
        describedBy={ids.hint}
        onChange={setIncludeSerial}
      />
      <p id={ids.hint}>{r('report.include.serial.hint')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void save()}
      >
        {busy ? r('report.saving') : r('report.save')}
      </button>
    </div>
  );
}

function OpenReport() {
  const r = useReportT();
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState<OpenedReport>();
  const [problem, setProblem] = useState<string>();

  const open = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setProblem(r('report.open.unreadable'));
      return;
    }
    const { readReportFile } = await import('./ReportViewer');
    const result = readReportFile(text);
    // A file that is not a report says so and leaves the report shown before as it was.
    if (!result.ok) {
      setProblem(result.newer === undefined ? r('report.open.not.bundle') : r('report.open.newer', result.newer));
      return;
    }
    setProblem(undefined);
    setOpened({ name: file.name, bundle: result.bundle });
  };

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
        {r('report.open')}
      </button>
      <HiddenFileInput
        ref={input}
        accept=".json,application/json"
        testId="report-open-file"
        onChange={(event) => void open(event)}
      />
      {problem && (
        <p role="alert" className="field__error">
          {problem}
        </p>
      )}
      {opened && (
        <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
          <ReportViewer report={opened} onClose={() => setOpened(undefined)} />
        </Suspense>
      )}
    </>
  );
}

/** The Help tab's bug report card: save a report, open one. */
export function ReportBundleSection() {
  const r = useReportT();
  const titleId = useId();
  const openId = useId();
  return (
    <>
      <section className="help__card" aria-labelledby={titleId}>
        <h2 id={titleId}>{r('report.title')}</h2>
        <p>{r('report.intro')}</p>
        <SaveReport />
      </section>
      <section className="help__card" aria-labelledby={openId}>
        <h2 id={openId}>{r('report.open.title')}</h2>
        <OpenReport />
      </section>
    </>
  );
}
