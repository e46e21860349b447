/** A device service over instant loopback links to virtual keyboards, recording every event it emits. */
import { loopbackVirtualFactory } from '../../src/host/virtual-loopback.ts';
import { EVENT_NAMES, type EventName } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { LINK_PRESETS, type LinkOptions } from '../../src/transport/types.ts';

export interface RecordedEvent {
  event: EventName;
  payload: unknown;
}

export function makeHarness(link: Partial<LinkOptions> = LINK_PRESETS.instant, timeoutMs = 500) {
  const factory = loopbackVirtualFactory(link);
  const service = createDeviceService({ createVirtual: factory.create, session: { timeoutMs, readRetries: 2 } });
  const events: RecordedEvent[] = [];
  for (const event of EVENT_NAMES) service.on(event, (payload) => events.push({ event, payload }));
  const add = async (model: string, fw = '9.9.9', extra: string[] = []) =>
    (await service.call('app_info', 'add_virtual_device', [
      '--display_name',
      model,
      '--fw_ver',
      fw,
      ...extra,
    ])) as string;
  const last = (event: EventName): unknown => [...events].reverse().find((e) => e.event === event)?.payload;
  const keyboardOf = (index = factory.made.length - 1) => factory.made[index]!.keyboard;
  const transportOf = (index = factory.made.length - 1) => factory.made[index]!.transport;
  /** The typed client over the same service, as the UI and every host use it. */
  const client = createClient(service);
  return { service, client, events, add, last, factory, keyboardOf, transportOf };
}
