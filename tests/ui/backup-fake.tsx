/**
 * The backup screens under test against a fake of the service's backup calls: each call records its arguments and
 * answers what the test set, or refuses with the service's text id and arguments (a BridgeCallError, as the bridge
 * delivers a refusal). Every other call goes to the real service of the test host.
 */
import { render } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import type { ReactElement } from 'react';
import { BridgeCallError, type DeviceRecord } from '../../src/contract/bridge';
import { createClient, type Client } from '../../src/contract/client';
import type { BackupDiff, KeyboardBackup, RestorePointInfo, RestoreResult } from '../../src/core/backup/format';
import { buildDefaultResources } from '../../src/core/resources';
import { createDeviceStore } from '../../src/ui/device-list/store';
import { ServicesProvider } from '../../src/ui/services';
import { createUpdateChecker } from '../../src/ui/update-checker';
import type { Language } from '../../src/i18n/translate';
import { deviceRecord } from './records';
import { resetStores } from './render';
import { testHost } from './test-host';

export type Answer<T> = T | BridgeCallError | Promise<T>;

export interface FakeBackupService {
  backup?: Answer<KeyboardBackup>;
  diff?: Answer<BackupDiff>;
  restore?: Answer<RestoreResult>;
  points?: Answer<RestorePointInfo[]>;
  point?: Answer<KeyboardBackup>;
}

export const refusal = (key: string, ...args: string[]) => new BridgeCallError(key, key, args);

async function answer<T>(value: Answer<T> | undefined, name: string): Promise<T> {
  if (value === undefined) throw new Error(`the test set no answer for ${name}`);
  if (value instanceof BridgeCallError) throw value;
  return value;
}

export function renderWithFake(
  ui: (device: DeviceRecord) => ReactElement,
  fake: FakeBackupService,
  language: Language = 'en_US',
) {
  resetStores(language);
  const host = testHost();
  const device = deviceRecord();
  const calls: { name: string; args: unknown }[] = [];
  const record =
    <T,>(name: string, value: () => Answer<T> | undefined) =>
    (args: unknown) => {
      calls.push({ name, args });
      return answer(value(), name);
    };
  const client: Client = {
    ...createClient(host.bridge),
    getBackup: record('getBackup', () => fake.backup),
    diffBackup: record('diffBackup', () => fake.diff),
    restoreBackup: record('restoreBackup', () => fake.restore),
    listRestorePoints: record('listRestorePoints', () => fake.points),
    getRestorePoint: record('getRestorePoint', () => fake.point),
  };
  const devices = createDeviceStore();
  devices.getState().setDevices([device]);
  const resources = buildDefaultResources('0.1.0');
  const services = {
    host,
    client,
    resources,
    devices,
    updates: createUpdateChecker(resources.version.firmware),
  };
  const view = render(
    <ServicesProvider services={services}>
      <Tooltip.Provider>{ui(device)}</Tooltip.Provider>
    </ServicesProvider>,
  );
  const callsTo = (name: string) => calls.filter((c) => c.name === name).map((c) => c.args);
  return { ...view, device, callsTo };
}

/** A backup of a Made68Pro as the service would answer it (only what the screens read matters). */
export function sampleBackup(created = '2026-11-26T10:02:03.456Z'): KeyboardBackup {
  return {
    format: 'keytune-backup',
    version: 2,
    created,
    device: {
      family: 'keytune',
      model: 'made68pro',
      displayName: 'Made68Pro',
      firmware: '1.4.2',
      hardware: '1.0.0',
      serial: '',
      keyCount: 68,
    },
    currentProfile: 0,
    profiles: [{ keymap: [[4, 5, 6]] }],
    objects: {},
  };
}
