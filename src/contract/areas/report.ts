/** The bug-report bundle's call; its file format is declared in src/core/report-bundle-format.ts. */
import { call, flag, path } from '../define.ts';
import type { ReportBundle } from '../../core/report-bundle-format.ts';

export * from '../../core/report-bundle-format.ts';

export const reportCalls = {
  getReportBundle: call<ReportBundle>()(
    'app_info',
    'get_report_bundle',
    { path, include_serial: flag.default(false) },
    {
      doc: 'The bug report of a device: versions, features, its last 500 exchanges (timeouts and refusals marked), the warnings and errors of the service, restore point names; serial numbers hashed unless --include_serial. Also for a device that went away.',
      answer: 'ReportBundle',
      // A bundle reads no device: it must come at once, even while a call waits on a silent keyboard.
      concurrent: true,
    },
  ),
};
