/**
 * After a restore, undo or redo the device's store reads again what it had read (reloadDeviceData), and an answer of
 * a call made before the replacement is not applied over the fresh read.
 */
import type { Bridge } from '../../src/contract/bridge';
import { createClient } from '../../src/contract/client';
import { deviceDataFor, reloadDeviceData, type KeyValueInfo } from '../../src/ui/device-page/store/device-data';

const PATH = 'virtual:reload';

/** A bridge without events whose answers the test gives, call by call. */
function heldBridge() {
  const pending: { func: string; resolve(value: unknown): void }[] = [];
  const bridge: Bridge = {
    call: (_channel, func) => new Promise((resolve) => pending.push({ func, resolve })),
    on: () => () => undefined,
  };
  return { bridge, pending };
}

const keys = (code: number) => ({ path: PATH, keycodes: [[code]] }) as unknown as KeyValueInfo;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('device data reload', () => {
  it('reads again only the slices it follows, and an answer from before never shows', async () => {
    const { bridge, pending } = heldBridge();
    const client = createClient(bridge);
    const data = deviceDataFor(client, PATH);
    const release = data.acquire(['keyValues']);
    pending.shift()!.resolve(keys(1));
    await tick();
    // A change whose answer is still on its way when the keyboard's configuration is replaced.
    const late = data.changeKeyValues(client.setKeyInfo({ path: PATH, index: 0, select: [0], code: 2 }));
    const change = pending.shift()!;

    const shown: number[] = [];
    data.store.subscribe((s) => {
      if (s.keyValues.status === 'ready') shown.push(s.keyValues.value.keycodes[0]![0]!);
    });
    reloadDeviceData(client, PATH);
    expect(pending.map((p) => p.func)).toEqual(['get_key_value_info']);
    // The old answer arrives first: it is not shown, not even until the fresh read arrives.
    change.resolve(keys(2));
    await late;
    pending.shift()!.resolve(keys(3));
    await tick();
    expect(shown).toEqual([3]);

    // A client or path without a store: nothing to read.
    reloadDeviceData(createClient(bridge), PATH);
    reloadDeviceData(client, 'virtual:none');
    expect(pending).toHaveLength(0);
    release();
  });
});
