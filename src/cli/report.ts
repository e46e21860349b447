/**
 * `keytune report`: a device's bug report (docs/bug-report.md) saved to one file, through the typed client, so it
 * works the same on the running desktop bridge and on a service started for the command. The command line adds what
 * only it knows: the app's version and this machine's system.
 */
import { readFileSync } from 'node:fs';
import { arch, release, type } from 'node:os';
import type { Client } from '../contract/client.ts';
import type { ReportBundle } from '../contract/areas/report.ts';

/** The installed app's version, from its package.json; null when it cannot be read. */
export function appVersion(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as unknown;
    const version = (pkg as { version?: unknown } | null)?.version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

export async function reportOf(client: Client, path: string, includeSerial: boolean): Promise<ReportBundle> {
  const bundle = await client.getReportBundle({ path, include_serial: includeSerial });
  // The service runs on this machine (here or in the local bridge): its system is this one, named in full.
  const service = bundle.system.service;
  return {
    ...bundle,
    app: { version: appVersion() },
    system: { ...bundle.system, service: { ...service, os: `${type()} ${release()} ${arch()}` } },
  };
}

/** `keytune-report-<model>-<yyyymmdd-hhmmss>.json`, the name the page saves under too. */
export function reportFileName(bundle: ReportBundle): string {
  const model = bundle.device.model.replace(/[^A-Za-z0-9._-]+/g, '_') || 'device';
  const stamp = bundle.created
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `keytune-report-${model}-${stamp}.json`;
}
