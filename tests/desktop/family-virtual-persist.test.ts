/**
 * Virtual keyboards of other families on the desktop bridge are kept across a restart like ours, in the data folder's
 * file of virtual keyboards: what was changed on them comes back, and removing one forgets it. A file written before
 * they were kept still loads.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/contract/client.ts';
import { FLASH_FILE } from '../../src/desktop/flash-store.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function bridgeOn(dataDir: string) {
  const b = await testBridge({ dataDir });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await b.close();
  };
  cleanup.push(close);
  const socket = await connectBridge({ port: b.server.port, token: b.token });
  cleanup.push(() => socket.close());
  return { client: createClient(socket), close };
}

const savedFile = (dir: string) =>
  JSON.parse(readFileSync(join(dir, FLASH_FILE), 'utf8')) as {
    keyboards: { spec: { displayName: string }; family?: { family: string; version: string } }[];
  };

describe('virtual keyboards of other families on the bridge', () => {
  it('keep their remapped keys across a restart, and are forgotten once removed', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const first = await bridgeOn(dir.path);
    const he60 = await first.client.addVirtualDevice({ display_name: 'HE60 (libhmk)', fw_ver: '1.6.0' });
    const via = await first.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    expect(savedFile(dir.path).keyboards.map((k) => k.family)).toEqual([
      { family: 'libhmk', version: '1.6.0', state: expect.anything() },
      { family: 'via', version: '12.0.0', state: expect.anything() },
    ]);
    await first.client.setKeyInfo({ path: he60, index: 1, select: [4], code: 0x29 });
    // Closed before the change was checked: the bridge saves it as it stops.
    await first.client.setKeyInfo({ path: via, index: 0, select: [2], code: 0x3a });
    await first.close();

    const second = await bridgeOn(dir.path);
    expect((await second.client.getDevList()).map((d) => d.path)).toEqual([he60, via]);
    expect((await second.client.getKeyValueInfo({ path: he60 })).keycodes[1]![4]).toBe(0x29);
    expect((await second.client.getKeyValueInfo({ path: via })).keycodes[0]![2]).toBe(0x3a);

    await second.client.removeDevice({ path: he60 });
    expect(savedFile(dir.path).keyboards.map((k) => k.spec.displayName)).toEqual(['Keytune VIA 65']);
    await second.close();
    const third = await bridgeOn(dir.path);
    expect((await third.client.getDevList()).map((d) => d.path)).toEqual([via]);
  });

  it('save a change before its answer, while running', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const b = await bridgeOn(dir.path);
    const path = await b.client.addVirtualDevice({ display_name: 'Keytune VIA 65', fw_ver: '12.0.0' });
    const before = readFileSync(join(dir.path, FLASH_FILE), 'utf8');
    await b.client.setKeyInfo({ path, index: 0, select: [2], code: 0x3a });
    expect(readFileSync(join(dir.path, FLASH_FILE), 'utf8')).not.toBe(before);
  });

  it('leave a file written before they were kept readable', async () => {
    const dir = tempDir();
    cleanup.push(() => dir.remove());
    const spec = { displayName: 'Made68Pro', fwVer: '1.4.2', serial: 'VKOLDFILE01' };
    const image = new VirtualKeyboard({ model: spec.displayName, ...spec }).serialize();
    mkdirSync(dir.path, { recursive: true });
    writeFileSync(
      join(dir.path, FLASH_FILE),
      JSON.stringify({ version: 1, keyboards: [{ spec, image: Buffer.from(image).toString('base64'), savedAt: 1 }] }),
    );
    const b = await bridgeOn(dir.path);
    expect((await b.client.getDevList()).map((d) => d.path)).toEqual(['virtual:34b7:1003:VKOLDFILE01']);
  });
});
