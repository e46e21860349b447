/** Bug reports: the bundle of one device, present or gone (src/service/report-bundle.ts builds it). */
import type { reportCalls } from '../../contract/areas/report.ts';
import type { Handlers } from '../context.ts';
import { buildReportBundle, recordExchanges } from '../report-bundle.ts';
import type { DeviceService } from '../service.ts';

export function registerReportHandlers(service: DeviceService): void {
  recordExchanges(service);
  const handlers: Handlers<keyof typeof reportCalls> = {
    getReportBundle: (args) => buildReportBundle(service, args.path, { includeSerial: args.include_serial }),
  };
  service.implement(handlers);
}
