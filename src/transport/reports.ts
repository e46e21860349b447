/**
 * What every transport does the same way with the reports of its link: keep the listeners of reports and of the link
 * going away, and hold each report to the link's size. A new transport only moves bytes.
 */
import { TransportError } from './types.ts';

type ReportListener = (report: Uint8Array) => void;
type DisconnectListener = () => void;

export class ReportListeners {
  private readonly reports = new Set<ReportListener>();
  private readonly disconnects = new Set<DisconnectListener>();

  onReport(listener: ReportListener): () => void {
    this.reports.add(listener);
    return () => this.reports.delete(listener);
  }

  onDisconnect(listener: DisconnectListener): () => void {
    this.disconnects.add(listener);
    return () => this.disconnects.delete(listener);
  }

  /** Hands one report to every listener subscribed when it arrived. */
  report(report: Uint8Array): void {
    for (const listener of [...this.reports]) fireSafely(() => listener(report));
  }

  /** Tells every listener the link went away. */
  disconnected(): void {
    for (const listener of [...this.disconnects]) fireSafely(listener);
  }
}

/** A failing listener must not keep the others from hearing of a report or an unplug. */
function fireSafely(fire: () => void): void {
  try {
    fire();
  } catch (e) {
    console.error('a transport listener failed', e);
  }
}

/** The report as the protocol expects it: exactly `bytes` long, zero-padded when a stack hands over fewer. */
export function fitReport(data: Uint8Array, bytes: number): Uint8Array {
  const report = new Uint8Array(bytes);
  report.set(data.subarray(0, bytes));
  return report;
}

/** Refuses a report that is not exactly the link's size. */
export function checkReportSize(report: Uint8Array, bytes: number): void {
  if (report.length !== bytes) throw new TransportError('io', `a report is ${bytes} bytes`);
}
