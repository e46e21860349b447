import { afterEach, describe, expect, it, vi } from 'vitest';

/** Loads the worker's first module afresh with a recording fetch in place. */
async function loadWithFetch(answer: (url: string) => Promise<Response>) {
  const requested: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url);
    return answer(url);
  });
  vi.resetModules();
  const module = await import('../../src/host/resource-prefetch');
  return { ...module, requested };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resource prefetch in the device worker', () => {
  it('starts the four GETs as soon as it is loaded and answers start-up with them', async () => {
    const { prefetchedFetch, requested } = await loadWithFetch(async (url) => new Response(url));
    expect([...requested].sort()).toEqual([
      '/default/common.json',
      '/default/keycodes.json',
      '/default/led-modes.json',
      '/default/version.json',
    ]);
    expect(await (await prefetchedFetch('/default/common.json')).text()).toBe('/default/common.json');
    expect(requested).toHaveLength(4);
  });

  it('answers each early GET once; a second ask goes to the network again', async () => {
    const { prefetchedFetch, requested } = await loadWithFetch(async (url) => new Response(url));
    await prefetchedFetch('/default/version.json');
    await prefetchedFetch('/default/version.json');
    await prefetchedFetch('/other.json');
    expect(requested.filter((u) => u === '/default/version.json')).toHaveLength(2);
    expect(requested).toContain('/other.json');
  });

  it('reports a failed early GET when start-up asks for it, not before', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { prefetchedFetch } = await loadWithFetch(async () => {
        throw new TypeError('Failed to fetch');
      });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(prefetchedFetch('/default/keycodes.json')).rejects.toThrow('Failed to fetch');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
