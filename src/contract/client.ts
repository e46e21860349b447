/**
 * The typed client: one method per call of the contract (`client.setKeyInfo({ path, index, select, code })`)
 * answering a typed value, and typed event subscriptions. It works over any Bridge (the device worker, the desktop
 * bridge's WebSocket, a service in the same process) and loads no schema library: the routes come from routes.ts.
 */
import type { Bridge, EventName } from './bridge.ts';
import { encodeArgs } from './codec.ts';
import type { CallAnswer, CallArgs, CallName, EventPayloads } from './contract.ts';
import { CALL_ROUTES } from './routes.ts';

/** A call whose arguments are all optional may be called without any. */
type Method<K extends CallName> =
  Record<string, never> extends CallArgs<K>
    ? (args?: CallArgs<K>) => Promise<CallAnswer<K>>
    : (args: CallArgs<K>) => Promise<CallAnswer<K>>;

export type Client = { readonly [K in CallName]: Method<K> } & {
  /** Subscribes to one event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
};

export function createClient(bridge: Bridge): Client {
  const methods: Record<string, unknown> = {
    on: (event: EventName, listener: (payload: never) => void) =>
      bridge.on(event, listener as (payload: unknown) => void),
  };
  for (const [name, [channel, func]] of Object.entries(CALL_ROUTES)) {
    methods[name] = (args: Record<string, unknown> = {}) => bridge.call(channel, func, encodeArgs(args));
  }
  return methods as Client;
}
