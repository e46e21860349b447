import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PORT, canListen, findFreePort, readyLines } from '../../scripts/start.mjs';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Listens on a port the system picks; answers it. */
function occupy(port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    servers.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

describe('findFreePort', () => {
  it('starts at 4173', async () => {
    const asked: number[] = [];
    const port = await findFreePort(undefined, {
      listenable: async (p) => {
        asked.push(p);
        return true;
      },
    });
    expect(port).toBe(FIRST_PORT);
    expect(asked).toEqual([4173]);
  });

  it('takes the next port when the first ones are taken', async () => {
    const taken = new Set([4173, 4174]);
    const asked: number[] = [];
    const port = await findFreePort(4173, {
      listenable: async (p, host) => {
        expect(host).toBe('127.0.0.1');
        asked.push(p);
        return !taken.has(p);
      },
    });
    expect(port).toBe(4175);
    expect(asked).toEqual([4173, 4174, 4175]);
  });

  it('gives up after the number of tries', async () => {
    await expect(findFreePort(4173, { tries: 3, listenable: async () => false })).rejects.toThrow(
      'No free port on 127.0.0.1 from 4173 to 4175',
    );
  });

  it('skips a port another server listens on', async () => {
    const busy = await occupy();
    expect(await canListen(busy)).toBe(false);
    const port = await findFreePort(busy);
    expect(port).toBeGreaterThan(busy);
    expect(await canListen(port)).toBe(true);
  });

  it('leaves a free port free', async () => {
    const port = await findFreePort(await occupy().then(async (p) => p + 1));
    // canListen closed its probe: the port can be listened on again.
    await occupy(port);
  });
});

describe('readyLines', () => {
  it('ends with the address', () => {
    expect(readyLines(4173).at(-1)).toBe('Keytune is running at http://127.0.0.1:4173/');
    const moved = readyLines(4174);
    expect(moved.at(-1)).toBe('Keytune is running at http://127.0.0.1:4174/');
    expect(moved).toContain('Port 4173 is in use, so Keytune uses port 4174.');
  });
});
