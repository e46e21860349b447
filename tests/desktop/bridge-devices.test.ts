/**
 * The bridge owns devices the way the desktop app uses them: virtual keyboards whose flash survives a restart (in a
 * file of the data folder), and real keyboards through node-hid (here a fake module backed by the reference firmware),
 * reached by the page over the WebSocket with the same contract as the browser's device worker.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { FLASH_FILE } from '../../src/desktop/flash-store.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { FakeNodeHid } from './fake-node-hid.ts';
import { socketCaller, tempDir, testBridge, tryWebSocket } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function bridgeOn(dataDir: string, more: Parameters<typeof testBridge>[0] = {}) {
  const b = await testBridge({ dataDir, ...more });
  cleanup.push(() => b.close());
  return b;
}

async function clientOf(b: Awaited<ReturnType<typeof testBridge>>) {
  const socket = await connectBridge({ port: b.server.port, token: b.token });
  cleanup.push(() => socket.close());
  return { socket, client: createClient(socket) };
}

describe('virtual keyboards on the bridge', () => {
  it('keeps a virtual keyboard and its settings across a restart, in a file of the data folder', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const first = await bridgeOn(dir.path);
    const { client } = await clientOf(first);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    const before = await client.getSettingData({ path });
    const turned = await client.setSettingInfo({ path, use_n_key: before.use_n_key ? 0 : 1 });
    expect(turned.use_n_key).toBe(before.use_n_key ? 0 : 1);
    expect(existsSync(join(dir.path, FLASH_FILE))).toBe(true);
    await first.close();
    cleanup.length = 1;

    const second = await bridgeOn(dir.path);
    const again = await clientOf(second);
    const list = await again.client.getDevList();
    expect(list.map((d) => d.path)).toEqual([path]);
    expect((await again.client.getSettingData({ path })).use_n_key).toBe(turned.use_n_key);
  });

  it('forgets a removed virtual keyboard for good', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const b = await bridgeOn(dir.path);
    const { client } = await clientOf(b);
    const path = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    await client.removeDevice({ path });
    expect(JSON.parse(readFileSync(join(dir.path, FLASH_FILE), 'utf8')).keyboards).toEqual([]);
  });

  it('sends the page the events of the service, and a refused call as its toast key', async () => {
    const b = await bridgeOn(tempDir().path);
    const ws = await tryWebSocket(b.server.port, { origin: `http://127.0.0.1:${b.server.port}`, token: b.token });
    if (!ws.opened) throw new Error('not opened');
    cleanup.push(() => ws.ws.close());
    const caller = socketCaller(ws.ws);
    const added = await caller.call('app_info', 'add_virtual_device', [
      '--display_name',
      'Made68Pro',
      '--fw_ver',
      '1.4.2',
    ]);
    expect(typeof added.value).toBe('string');
    expect(caller.events.some((e) => e.name === 'devs_changed')).toBe(true);
    const refused = await caller.call('dev_info', 'get_setting_data', ['--path', 'nowhere']);
    expect(refused.error?.toastKey).toBe('err.dev.not.found');
  });
});

describe('real keyboards through node-hid', () => {
  it('finds a keyboard by its configuration collection and drives it', async () => {
    const hid = new FakeNodeHid();
    const keyboard = new VirtualKeyboard({ model: 'Made68Pro', fwVer: '1.4.2', serial: 'HID00000001' });
    hid.plug(keyboard);
    const b = await bridgeOn(tempDir().path, { hid, hidIntervalMs: 20 });
    const { client } = await clientOf(b);
    const [record] = await client.getDevList();
    expect(record?.display_name).toBe('Made68Pro');
    expect(record?.virtual).toBe(false);
    expect(record?.dev_sn).toBe('HID00000001');
    const before = await client.getSettingData({ path: record!.path });
    await client.setSettingInfo({ path: record!.path, use_n_key: before.use_n_key ? 0 : 1 });
    expect((await client.getSettingData({ path: record!.path })).use_n_key).toBe(before.use_n_key ? 0 : 1);
  });

  it('never opens an interface of vendor 1046 that is not the configuration collection', async () => {
    const hid = new FakeNodeHid();
    const mouse = hid.plugForeign({
      vendorId: 1046,
      productId: 0x1234,
      product: 'Another maker',
      usagePage: 1,
      usage: 2,
    });
    const lookalike = hid.plug(new VirtualKeyboard({ model: 'Made68Pro', fwVer: '1.4.2', serial: 'HID00000002' }), {
      usagePage: 0xff60,
      usage: 0x62,
    });
    const b = await bridgeOn(tempDir().path, { hid, hidIntervalMs: 20 });
    await b.hid?.scan();
    expect(hid.opened).not.toContain(mouse);
    expect(hid.opened).not.toContain(lookalike);
    expect(b.service.devices()).toEqual([]);
  });

  it('notices a keyboard unplugged and plugged back', async () => {
    const hid = new FakeNodeHid();
    const keyboard = new VirtualKeyboard({ model: 'Made68Pro', fwVer: '1.4.2', serial: 'HID00000003' });
    const path = hid.plug(keyboard);
    const b = await bridgeOn(tempDir().path, { hid, hidIntervalMs: 20 });
    expect(b.service.devices()).toHaveLength(1);
    hid.unplug(path);
    await expect.poll(() => b.service.devices().length).toBe(0);
    hid.plug(keyboard);
    await b.hid?.scan();
    await expect.poll(() => b.service.devices().length).toBe(1);
  });
});
