/**
 * The real device service over instant loopback links to reference-firmware keyboards, for tests of code that talks
 * to it (the UI's screens, start-up). Nothing is faked above the link: calls go through the service's argument
 * parsing, rules, protocol and firmware, and refusals are real ones (a bad value, a pulled cable, a lost report).
 *
 * `bridge` records every call that passes through it, so a test can check what a screen sent; `client` is a second
 * typed client straight on the service, for a test's own set-up, whose calls are not recorded.
 */
import { createClient, type Client } from '../contract/client.ts';
import { decodeArgs } from '../contract/codec.ts';
import type { CallName } from '../contract/contract.ts';
import { CALL_ROUTES } from '../contract/routes.ts';
import type { Bridge } from '../contract/bridge.ts';
import type { VirtualKeyboard } from '../firmware/index.ts';
import { loopbackVirtualFactory } from '../host/virtual-loopback.ts';
import type { LoopbackTransport } from '../transport/loopback.ts';
import { createDeviceService } from '../service/index.ts';
import { LINK_PRESETS } from '../transport/types.ts';

export interface RecordedCall {
  channel: string;
  func: string;
  args: readonly string[];
  /** The `--name value` pairs of args. */
  named: Map<string, string>;
}

export interface LiveServiceOptions {
  /** Inactivity timeout of every exchange, in ms. A test that loses reports on purpose waits this long. */
  timeoutMs?: number;
}

export interface VirtualOptions {
  fwVer?: string;
  hwVer?: string;
  /** 0 USB, 1 2.4G, 2 Bluetooth. */
  accessMode?: number;
}

export type LiveService = ReturnType<typeof liveService>;

/**
 * The keyboards' clock (the time stamps of key events), in ms. It moves only when a test moves it, so the delays of a
 * recorded macro are what the test says they are.
 */
export class DeviceClock {
  ms = 1_000_000;
  advance(ms: number): void {
    this.ms += ms;
  }
}

export function liveService(options: LiveServiceOptions = {}) {
  const clock = new DeviceClock();
  // Reference-firmware keyboards on instant loopback links, all on the test's clock.
  const factory = loopbackVirtualFactory(LINK_PRESETS.instant, { now: () => clock.ms });
  const service = createDeviceService({
    createVirtual: factory.create,
    session: { timeoutMs: options.timeoutMs ?? 1000, readRetries: 1 },
  });
  const calls: RecordedCall[] = [];
  const bridge: Bridge = {
    call(channel, func, args = []) {
      calls.push({ channel, func, args: [...args], named: decodeArgs(args).named });
      return service.call(channel, func, args);
    },
    on: (event, listener) => service.on(event, listener),
  };
  const client: Client = createClient(service);

  const made = (path: string) => {
    const serial = path.split(':').at(-1);
    const found = factory.made.find((m) => m.keyboard.descriptor.serial === serial);
    if (!found) throw new Error(`no virtual keyboard at ${path}`);
    return found;
  };

  return {
    service,
    /** The bridge a host under test hands to the UI; it records every call. */
    bridge,
    /** A client for the test's own set-up and checks; its calls are not recorded. */
    client,
    calls,
    clock,
    /** The recorded calls of one function of the contract. */
    callsTo(name: CallName): RecordedCall[] {
      const [channel, func] = (CALL_ROUTES as Record<CallName, readonly [string, string]>)[name];
      return calls.filter((c) => c.channel === channel && c.func === func);
    },
    /** Attaches a virtual keyboard ("Made68Pro", "Cyber01", "Mojo68", "Mouse01"…) and answers its path. */
    async addVirtual(displayName = 'Made68Pro', more: VirtualOptions = {}): Promise<string> {
      return client.addVirtualDevice({
        display_name: displayName,
        fw_ver: more.fwVer ?? '1.4.2',
        ...(more.hwVer !== undefined ? { hw_ver: more.hwVer } : {}),
        ...(more.accessMode !== undefined ? { access_mode: more.accessMode } : {}),
      });
    },
    /** The firmware behind a path, to look at what it holds or to press its keys. */
    keyboard(path: string): VirtualKeyboard {
      return made(path).keyboard;
    },
    /** The link behind a path: `disconnect()` pulls the cable, `setLink({ loss: 1 })` loses every report. */
    transport(path: string): LoopbackTransport {
      return made(path).transport;
    },
    /** The device list as the service reports it now. */
    records() {
      return service.deviceRecords();
    },
    /** Closes every link without a word to the service's listeners, so nothing reaches a screen being unmounted. */
    async dispose(): Promise<void> {
      for (const m of factory.made) await m.transport.close();
    },
  };
}
