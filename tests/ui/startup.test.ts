import { parseResource } from '../../src/core/resource-schemas';
import { buildDefaultResources, RESOURCE_FILES } from '../../src/core/resources';
import { boot } from '../../src/ui/startup/boot';
import { loadDefaultResources, ResourceLoadError } from '../../src/core/resource-load';
import { useToastStore } from '../../src/ui/toasts/store';
import { testHost } from './test-host';

const defaults = buildDefaultResources('0.1.0');
const bodies: Record<string, unknown> = {
  [RESOURCE_FILES.keycodes]: defaults.keycodes,
  [RESOURCE_FILES.common]: defaults.common,
  [RESOURCE_FILES.ledModes]: defaults.ledModes,
  [RESOURCE_FILES.version]: defaults.version,
};

function fakeFetch(overrides: Record<string, { status: number; body?: string }> = {}) {
  const requested: string[] = [];
  const fetchFn = async (url: string) => {
    requested.push(url);
    const file = url.replace(/^\/app\//, '');
    const o = overrides[file];
    const status = o?.status ?? (file in bodies ? 200 : 404);
    const text = o?.body ?? JSON.stringify(bodies[file] ?? null);
    return { ok: status >= 200 && status < 300, status, text: async () => text };
  };
  return { fetchFn, requested };
}

describe('default resources', () => {
  it('GETs the four files under default/ and validates them', async () => {
    const { fetchFn, requested } = fakeFetch();
    const resources = await loadDefaultResources(fetchFn, '/app/', parseResource);
    expect(requested.sort()).toEqual([
      '/app/default/common.json',
      '/app/default/keycodes.json',
      '/app/default/led-modes.json',
      '/app/default/version.json',
    ]);
    expect(resources.version.firmware.made68pro).toBe(defaults.version.firmware.made68pro);
  });

  it('fails with the file named when one is missing or malformed', async () => {
    const missing = fakeFetch({ 'default/led-modes.json': { status: 404 } });
    await expect(loadDefaultResources(missing.fetchFn, '/app/', parseResource)).rejects.toThrow(ResourceLoadError);
    await expect(loadDefaultResources(missing.fetchFn, '/app/', parseResource)).rejects.toThrow(
      /led-modes\.json: HTTP 404/,
    );
    const broken = fakeFetch({ 'default/version.json': { status: 200, body: '{"app": 1' } });
    await expect(loadDefaultResources(broken.fetchFn, '/app/', parseResource)).rejects.toThrow(/version\.json/);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(loadDefaultResources(offline, '/app/', parseResource)).rejects.toThrow(/Failed to fetch/);
  });
});

describe('boot', () => {
  it('loads resources before creating the host, then reads the device list', async () => {
    const order: string[] = [];
    const host = testHost();
    await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const { fetchFn } = fakeFetch();
    const services = await boot({
      loadResources: () =>
        loadDefaultResources(
          async (url) => {
            order.push('fetch');
            return fetchFn(url);
          },
          '/app/',
          parseResource,
        ),
      createHost: async () => {
        order.push('host');
        return host;
      },
      search: '',
    });
    order.push(...host.live.calls.map((c) => c.func));
    expect(order).toEqual(['fetch', 'fetch', 'fetch', 'fetch', 'host', 'get_dev_list']);
    const device = services.devices.getState().devices[0]!;
    expect(device.fw_ver).toBe('V1.3.7');
    expect(services.updates.pendingFor(device)).toBe(defaults.version.firmware.made68pro);
  });

  it('stops with the resource failure when a resource fails, even if the device steps also failed', async () => {
    // The device steps run while the resources are checked (the worker's longest start-up step); the first step's
    // failure is still the one start-up reports.
    const { fetchFn } = fakeFetch({ 'default/common.json': { status: 500 } });
    await expect(
      boot({
        loadResources: () => loadDefaultResources(fetchFn, '/app/', parseResource),
        createHost: async () => testHost(),
        search: '',
      }),
    ).rejects.toThrow(ResourceLoadError);
    await expect(
      boot({
        loadResources: () => loadDefaultResources(fetchFn, '/app/', parseResource),
        createHost: () => Promise.reject(new Error('no device access')),
        search: '',
      }),
    ).rejects.toThrow(ResourceLoadError);
  });

  it('reads the device list while the resources are still being checked', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const { fetchFn } = fakeFetch();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const booted = boot({
      loadResources: async () => {
        await held;
        return loadDefaultResources(fetchFn, '/app/', parseResource);
      },
      createHost: async () => host,
      search: '',
    });
    await vi.waitFor(() => expect(host.live.calls.map((c) => c.func)).toContain('get_dev_list'));
    release();
    expect((await booted).devices.getState().devices).toHaveLength(1);
  });

  it('attaches the ?virtual= keyboards that are not restored yet, then re-reads the list', async () => {
    const host = testHost();
    await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const { fetchFn } = fakeFetch();
    const services = await boot({
      loadResources: () => loadDefaultResources(fetchFn, '/app/', parseResource),
      createHost: async () => host,
      search: '?virtual=made68pro@1.3.7&virtual=cyber01@2.1.7',
    });
    const adds = host.live.callsTo('addVirtualDevice');
    expect(adds.map((c) => [c.named.get('display_name'), c.named.get('fw_ver')])).toEqual([['Cyber01', '2.1.7']]);
    expect(services.devices.getState().devices.map((d) => [d.display_name, d.fw_ver])).toEqual([
      ['Made68Pro', 'V1.3.7'],
      ['Cyber01', 'V2.1.7'],
    ]);
    expect(host.live.callsTo('getDevList')).toHaveLength(2);
  });

  it('keeps toasts the service sends during start-up', async () => {
    useToastStore.setState({ toasts: [] });
    const host = testHost();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchFn } = fakeFetch();
    // The firmware cannot run version 1.2.300 (each part is one byte): the service refuses the keyboard with a toast.
    const services = await boot({
      loadResources: () => loadDefaultResources(fetchFn, '/app/', parseResource),
      createHost: async () => host,
      search: '?virtual=cyber01@1.2.300',
    });
    warn.mockRestore();
    expect(services.devices.getState().devices).toEqual([]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['err.args.invalid']);
  });
});
