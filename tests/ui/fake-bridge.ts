/**
 * A Bridge for component tests: records every call, answers with per-function handlers, and lets a test emit
 * service events. Calls without a handler are refused the way the service refuses an unknown call.
 */
import {
  BridgeCallError,
  parseArgs,
  type Bridge,
  type DeviceRecord,
  type EventName,
  type Listener,
} from '../../src/service/bridge';

export interface RecordedCall {
  channel: string;
  func: string;
  args: readonly string[];
  /** The `--name value` pairs of args. */
  named: Map<string, string>;
}

type Handler = (call: RecordedCall) => unknown;

export class FakeBridge implements Bridge {
  readonly calls: RecordedCall[] = [];
  private readonly handlers = new Map<string, Handler>();
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Answers `channel func` with a value, or with what the handler returns (a thrown error rejects the call). */
  respond(channel: string, func: string, answer: Handler): this;
  respond(channel: string, func: string, answer: unknown): this;
  respond(channel: string, func: string, answer: unknown): this {
    this.handlers.set(`${channel} ${func}`, typeof answer === 'function' ? (answer as Handler) : () => answer);
    return this;
  }

  async call(channel: string, func: string, args: readonly string[] = []): Promise<unknown> {
    const call: RecordedCall = { channel, func, args, named: parseArgs(args) };
    this.calls.push(call);
    const handler = this.handlers.get(`${channel} ${func}`);
    if (!handler) throw new BridgeCallError('err.args.invalid', `unknown call ${channel} ${func}`);
    return handler(call);
  }

  on(event: EventName, listener: Listener): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  emit(event: EventName, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  callsTo(channel: string, func: string): RecordedCall[] {
    return this.calls.filter((c) => c.channel === channel && c.func === func);
  }

  listenerCount(event: EventName): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

let serial = 0;

/** A connected made68pro on USB unless told otherwise. */
export function fakeDevice(overrides: Partial<DeviceRecord> = {}): DeviceRecord {
  serial++;
  return {
    path: `virtual:34b7:1003:VK${serial}`,
    name: 'made68pro',
    display_name: 'Made68Pro',
    img_name: 'made68pro',
    electricity: -1,
    access_mode: 0,
    access_text: 'USB',
    worker_mode: 0,
    dev_type: 2,
    fw_ver: '1.4.2',
    hw_ver: '1.0.0',
    dev_sn: `VK${serial}`,
    red_point: false,
    update_fw_ver: '',
    online: true,
    virtual: true,
    ...overrides,
  };
}
