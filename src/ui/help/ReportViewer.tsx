/**
 * A bug report file, read and shown: the device's facts and features, its restore points, the exchanges with the
 * keyboard as a scrollable table (time, direction, bytes, outcome) and the warnings and errors. Loaded only when a
 * file is opened: it brings the file's schema.
 */
import { useId } from 'react';
import {
  REPORT_FORMAT,
  REPORT_VERSION,
  reportBundleSchema,
  type ReportBundle,
  type ReportExchange,
  type ReportRuntime,
} from '../../core/report-bundle-format';
import { useLanguage } from '../../i18n/store';
import { LOCALES } from '../../i18n/translate';
import { useReportT, type ReportT } from './report-texts';

export interface OpenedReport {
  /** The file's name. */
  name: string;
  bundle: ReportBundle;
}

/** Far above what a report holds (500 exchanges, 400 messages of 2,000 characters at the most). */
const MAX_FILE_CHARS = 8_000_000;

export type ReadReport = { ok: true; bundle: ReportBundle } | { ok: false; newer?: number };

/** Reads a file's text as a bug report; anything else is refused (`newer`: a report of a later format). */
export function readReportFile(text: string): ReadReport {
  if (text.length > MAX_FILE_CHARS) return { ok: false };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const head = data as { format?: unknown; version?: unknown } | null;
  if (
    head?.format === REPORT_FORMAT &&
    typeof head.version === 'number' &&
    Number.isInteger(head.version) &&
    head.version > REPORT_VERSION
  )
    return { ok: false, newer: head.version };
  const parsed = reportBundleSchema.safeParse(data);
  return parsed.success ? { ok: true, bundle: parsed.data } : { ok: false };
}

/** Hex as spaced byte pairs, the zero padding at the end of a report counted rather than shown. */
export function bytesText(hex: string): { shown: string; zeros: number } {
  const pairs = hex.match(/../g) ?? [];
  let end = pairs.length;
  while (end > 0 && pairs[end - 1] === '00') end--;
  return { shown: pairs.slice(0, end).join(' '), zeros: pairs.length - end };
}

/** Every value of a nested object as `a.b.c` and its text. */
function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'))
    return [[prefix, value.join(', ')]];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

function runtimeText(r: ReportT, runtime: ReportRuntime | null): string {
  if (!runtime) return r('report.unknown');
  const parts = [runtime.node ? `Node ${runtime.node}` : null, runtime.os, runtime.user_agent].filter(Boolean);
  return parts.length ? parts.join(' · ') : r('report.unknown');
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="report-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const cell = { padding: '2px 8px', textAlign: 'left', verticalAlign: 'top' } as const;

function ExchangeRow({ e, r }: { e: ReportExchange; r: ReportT }) {
  const bytes = bytesText(e.hex);
  return (
    <tr data-outcome={e.outcome} data-dir={e.dir}>
      <td style={cell}>{e.t_ms.toFixed(2)}</td>
      <td style={cell}>{r(`report.dir.${e.dir}`)}</td>
      <td style={{ ...cell, fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {bytes.shown}
        {bytes.zeros > 0 && <span className="report-zeros"> {r('report.zeros', bytes.zeros)}</span>}
      </td>
      <td style={cell}>
        {r(`report.outcome.${e.outcome}`)}
        {e.note && <div className="report-note">{e.note}</div>}
      </td>
    </tr>
  );
}

function Exchanges({ exchanges, r }: { exchanges: ReportExchange[]; r: ReportT }) {
  const id = useId();
  const marked = exchanges.filter((e) => e.outcome !== 'ok').length;
  return (
    <div>
      <h3 id={id}>{r('report.exchanges')}</h3>
      {exchanges.length === 0 ? (
        <p>{r('report.exchanges.none')}</p>
      ) : (
        <>
          <p>{r('report.exchanges.count', exchanges.length, marked)}</p>
          {/* Focusable so the table scrolls with the keyboard too. */}
          <div
            role="region"
            aria-labelledby={id}
            tabIndex={0}
            className="report-exchanges"
            style={{ maxHeight: '24rem', overflow: 'auto' }}
          >
            <table style={{ borderCollapse: 'collapse', fontSize: 12, width: '100%' }}>
              <thead>
                <tr>
                  <th style={cell}>{r('report.col.time')}</th>
                  <th style={cell}>{r('report.col.direction')}</th>
                  <th style={cell}>{r('report.col.bytes')}</th>
                  <th style={cell}>{r('report.col.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {exchanges.map((e, i) => (
                  <ExchangeRow key={i} e={e} r={r} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

export default function ReportViewer({ report, onClose }: { report: OpenedReport; onClose(): void }) {
  const r = useReportT();
  const language = useLanguage();
  const titleId = useId();
  const { bundle } = report;
  const { device, features } = bundle;
  const yesNo = (v: boolean) => (v ? r('report.yes') : r('report.no'));
  const created = new Date(bundle.created);
  const when = Number.isNaN(created.getTime()) ? bundle.created : created.toLocaleString(LOCALES[language]);
  const layout = bundle.layout;
  return (
    <article className="report-view" aria-labelledby={titleId}>
      <header>
        <h3 id={titleId}>{r('report.view.file', device.model, when)}</h3>
        <p>{report.name}</p>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {r('report.view.close')}
        </button>
      </header>
      <h3>{r('report.facts')}</h3>
      <Facts
        rows={[
          [r('report.fact.model'), `${device.model} (${device.name})`],
          [r('report.fact.family'), device.family],
          [r('report.fact.firmware'), device.firmware],
          [r('report.fact.hardware'), device.hardware || r('report.unknown')],
          [
            r('report.fact.serial'),
            bundle.serials === 'hashed' ? r('report.fact.serial.hashed', device.serial) : device.serial,
          ],
          [r('report.fact.connection'), device.access],
          [r('report.fact.virtual'), yesNo(device.virtual)],
          [r('report.fact.online'), yesNo(device.online)],
          [r('report.fact.app'), bundle.app.version ?? r('report.unknown')],
          [r('report.fact.system'), runtimeText(r, bundle.system.service)],
          [r('report.fact.page'), runtimeText(r, bundle.system.page)],
        ]}
      />
      <h3>{r('report.features')}</h3>
      <Facts
        rows={[
          [r('report.feature.keys'), String(features.keyCount)],
          [r('report.feature.layers'), String(features.layers)],
          [r('report.feature.codes'), String(features.keycodeSpace)],
          [
            r('report.feature.layout'),
            layout ? r('report.feature.layout.size', layout.width, layout.height, layout.keys) : r('report.unknown'),
          ],
          [
            r('report.restore.points'),
            bundle.restore_points.length ? bundle.restore_points.join(', ') : r('report.restore.none'),
          ],
        ]}
      />
      <details>
        <summary>{r('report.feature.all')}</summary>
        <Facts rows={flatten(features)} />
      </details>
      <Exchanges exchanges={bundle.exchanges} r={r} />
      <h3>{r('report.messages')}</h3>
      {bundle.messages.length === 0 ? (
        <p>{r('report.messages.none')}</p>
      ) : (
        <ul className="report-messages" style={{ maxHeight: '16rem', overflow: 'auto' }}>
          {bundle.messages.map((m, i) => (
            <li key={i} data-level={m.level}>
              {m.time} · {r(`report.where.${m.where}`)} · {r(`report.level.${m.level}`)}: {m.text}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
