/**
 * A client that records the configuration changes made through it in a device's history: the screens of the device
 * page get it in place of the app's client, so every change they make is recorded whichever screen makes it, and no
 * screen has to know about the history.
 */
import type { Client } from '../../contract/client';
import type { CallName } from '../../contract/contract';
import type { DeviceHistory } from './history';
import { changesConfiguration, RECORDED } from './record-rules';

export function recordingClient(base: Client, history: Pick<DeviceHistory, 'path' | 'track'>): Client {
  const methods: Record<string, unknown> = { on: base.on.bind(base) };
  for (const name of Object.keys(RECORDED) as CallName[]) {
    const call = base[name] as (args?: unknown) => Promise<unknown>;
    methods[name] = (args?: unknown) =>
      changesConfiguration(name, args, history.path) ? history.track(() => call(args)) : call(args);
  }
  return methods as Client;
}
