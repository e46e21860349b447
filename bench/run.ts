/** `npm run bench`: prints one line per metric, `name value unit`, with the share of its budget where it has one. */
import { deviceCoreMetrics } from './device-core.ts';
import { firmwareMetrics } from './firmware.ts';
import { formatMetric, missesBudget, type Metric } from './metric.ts';
import { keymapMetrics } from './keymap.ts';
import { lightingMetrics } from './lighting.ts';
import { testerMetrics } from './tester.ts';
import { travelMetrics } from './travel.ts';
import { uiMetrics } from './ui.ts';
import { devicePageUsableMetrics } from './device-page.ts';
import { libhmkMetrics } from './libhmk.ts';
import { viaMetrics } from './via.ts';
import { backupMetrics } from './backup.ts';

const suites: [string, () => Promise<Metric[]>][] = [
  ['device core', deviceCoreMetrics],
  ['bulk edits', keymapMetrics],
  ['lighting', lightingMetrics],
  ['first screen', uiMetrics],
  ['device page', devicePageUsableMetrics],
  ['keyboard tester', testerMetrics],
  ['travel view', travelMetrics],
  ['firmware update', firmwareMetrics],
  ['libhmk keyboards', libhmkMetrics],
  ['VIA keyboards', viaMetrics],
  ['backups and undo', backupMetrics],
];

let over = 0;
for (const [name, run] of suites) {
  try {
    for (const m of await run()) {
      console.log(formatMetric(m));
      if (missesBudget(m)) over++;
    }
  } catch (e) {
    console.error(`${name} benchmark failed:`, e);
    over++;
  }
}
process.exitCode = over > 0 ? 1 : 0;
