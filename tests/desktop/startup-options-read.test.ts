/**
 * get_start_up_options: the desktop bridge answers the start-up options it holds, the same after a restart on the
 * same data folder (so a reloaded window shows them), and a host without start-up options refuses the call.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BridgeCallError } from '../../src/contract/bridge.ts';
import { createClient } from '../../src/contract/client.ts';
import { connectBridge } from '../../src/desktop/ws-client.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { tempDir, testBridge } from './helpers.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function clientOf(dataDir: string) {
  const bridge = await testBridge({ dataDir });
  const socket = await connectBridge({ port: bridge.server.port, token: bridge.token });
  return {
    client: createClient(socket),
    async stop() {
      socket.close();
      await bridge.close();
    },
  };
}

describe('reading the start-up options back', () => {
  it('answers what the bridge holds, before and after a restart', async () => {
    const data = tempDir();
    cleanup.push(() => data.remove());
    const dataDir = join(data.path, 'data');

    const first = await clientOf(dataDir);
    expect(await first.client.getStartUpOptions()).toEqual({
      start_up_auto: '0',
      run_with_mini: '0',
      close_to_tray: '0',
    });
    await first.client.setRunWithMini({ run_with_mini: '1' });
    await first.client.setCloseToTray({ close_to_tray: '1' });
    expect(await first.client.getStartUpOptions()).toEqual({
      start_up_auto: '0',
      run_with_mini: '1',
      close_to_tray: '1',
    });
    await first.stop();

    const second = await clientOf(dataDir);
    cleanup.push(() => second.stop());
    expect(await second.client.getStartUpOptions()).toEqual({
      start_up_auto: '0',
      run_with_mini: '1',
      close_to_tray: '1',
    });
  });

  it('is refused by a service with no desktop host around it (the browser)', async () => {
    const service = createDeviceService();
    await expect(createClient(service).getStartUpOptions()).rejects.toBeInstanceOf(BridgeCallError);
  });
});
