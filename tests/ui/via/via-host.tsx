/**
 * Component tests of the VIA screens get a live device service with one simulated VIA keyboard whose definition the
 * test chooses (tests/service/via-harness.ts), behind a host whose bridge records every call a screen makes.
 */
import type { ReactElement } from 'react';
import type { Bridge } from '../../../src/contract/bridge';
import { decodeArgs } from '../../../src/contract/codec';
import type { Language } from '../../../src/i18n/translate';
import type { RecordedCall } from '../../../src/testing/live-service';
import { renderWithServices } from '../render';
import type { TestHost } from '../test-host';
import { viaService, type ViaSetup } from '../../service/via-harness';

const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

export async function renderVia(
  ui: (path: string) => ReactElement,
  setup: ViaSetup = {},
  language: Language = 'en_US',
) {
  const via = await viaService({ timeoutMs: 500, ...setup });
  open.push(async () => {
    for (const s of via.sims) await s.transport.close();
  });
  const calls: RecordedCall[] = [];
  const bridge: Bridge = {
    call(channel, func, args = []) {
      calls.push({ channel, func, args: [...args], named: decodeArgs(args).named });
      return via.service.call(channel, func, args);
    },
    on: (event, listener) => via.service.on(event, listener),
  };
  // renderWithServices reads only the bridge and the device list from the host.
  const host = {
    bridge,
    hasWebHid: true,
    platform: 'other',
    hostKind: 'wasm',
    hidRequests: 0,
    async requestHidDevice() {},
    live: { records: () => via.service.deviceRecords() },
  } as unknown as TestHost;
  const rendered = renderWithServices(ui(via.path), { host, language });
  const callsTo = (func: string) => calls.filter((c) => c.func === func);
  const storeRecord = () => rendered.services.devices.getState().devices.find((d) => d.path === via.path)!;
  return { ...via, rendered, calls, callsTo, storeRecord };
}
