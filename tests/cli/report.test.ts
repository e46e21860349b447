/**
 * `keytune report`: the real bin/keytune in its own process writes a device's bug report, on a service of its own or
 * through a running bridge (which also knows a keyboard that went away).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportBundleSchema } from '../../src/contract/areas/report.ts';
import { startBridge } from '../../src/desktop/bridge.ts';
import type { LoopbackTransport } from '../../src/transport/loopback.ts';
import type { KeytuneDevice } from '../../src/service/context.ts';
import { LINK_PRESETS } from '../../src/transport/types.ts';
import { tempDir } from '../desktop/helpers.ts';

const BIN = resolve(__dirname, '../../bin/keytune');
const VERSION = (JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { version: string })
  .version;

function keytune(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: dataDir, env: { ...process.env, KEYTUNE_DATA_DIR: dataDir, KEYTUNE_HID: 'off' }, timeout: 30000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 99) : 0, stdout, stderr });
      },
    );
  });
}

const dirs: { remove(): void }[] = [];
function folder(): string {
  const d = tempDir('keytune-report-');
  dirs.push(d);
  return d.path;
}
afterAll(() => dirs.forEach((d) => d.remove()));

const readReport = (file: string) => reportBundleSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

describe('keytune report', () => {
  it('writes the report of the only device, serial numbers left out unless asked', async () => {
    const data = folder();
    const added = await keytune(data, 'add-virtual', 'Made68Pro', '--json');
    const path = (JSON.parse(added.stdout) as { path: string }).path;
    const serial = path.split(':').at(-1)!;

    const run = await keytune(data, 'report', '--json');
    expect(run.code).toBe(0);
    const answer = JSON.parse(run.stdout) as { file: string; path: string; serials: string };
    expect(answer).toMatchObject({ path, serials: 'hashed' });
    // Without --out, a file named after the model and the time, in the current folder.
    expect(answer.file).toMatch(/^keytune-report-Made68Pro-\d{8}-\d{6}\.json$/);
    expect(readdirSync(data)).toContain(answer.file);
    const text = readFileSync(join(data, answer.file), 'utf8');
    const report = readReport(join(data, answer.file));
    expect(report.app.version).toBe(VERSION);
    expect(report.system.service.node).toBe(process.versions.node);
    expect(report.system.service.os).toContain(process.arch);
    expect(report.device).toMatchObject({ model: 'Made68Pro', family: 'keytune' });
    expect(report.exchanges.length).toBeGreaterThan(0);
    expect(text).not.toContain(serial);

    const out = join(data, 'with-serial.json');
    const shown = await keytune(data, 'report', '--include-serial', '--out', out);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('serial numbers included');
    expect(readReport(out).device.serial).toBe(serial);

    const wrong = await keytune(data, 'report', '--device', 'virtual:0000:0000:NOPE');
    expect(wrong.code).toBe(3);
  }, 120000);

  it('reports through a running bridge, also on a keyboard that went away', async () => {
    const data = folder();
    const bridge = await startBridge({ dataDir: data, hid: null, link: LINK_PRESETS.instant, announce: true });
    try {
      const entry = await bridge.service.addVirtual({ displayName: 'Made68Pro', fwVer: '1.4.2' });
      const before = await keytune(data, 'report', '--remote', '--out', join(data, 'before.json'));
      expect(before.code).toBe(0);
      expect(readReport(join(data, 'before.json')).device.online).toBe(true);

      ((entry as KeytuneDevice).session.transport as LoopbackTransport).disconnect();
      await expect.poll(() => bridge.service.allDevices().length).toBe(0);
      const after = await keytune(
        data,
        'report',
        '--remote',
        '--device',
        entry.path,
        '--out',
        join(data, 'after.json'),
      );
      expect(after.code).toBe(0);
      const report = readReport(join(data, 'after.json'));
      expect(report.device.online).toBe(false);
      expect(report.exchanges.length).toBeGreaterThan(0);
    } finally {
      await bridge.close();
    }
  }, 120000);
});
