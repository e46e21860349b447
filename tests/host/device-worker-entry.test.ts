/**
 * The device worker's entry (src/host/device-worker.ts) answers the first list before the service has loaded, keeps
 * every other message until the service is there, and hands them over in order: no call is lost or answered twice.
 */
import type { FirstListAnswer } from '../../src/host/first-list';
import type { FromWorker, ToWorker } from '../../src/host/worker-messages';

type Posted = FromWorker | FirstListAnswer;

async function startEntry() {
  const posted: Posted[] = [];
  const scope = {
    postMessage: (m: Posted) => posted.push(m),
    onmessage: null as ((e: { data: unknown }) => void) | null,
  };
  vi.stubGlobal('self', scope);
  vi.resetModules();
  await import('../../src/host/device-worker');
  const send = (data: ToWorker | { type: 'first-list'; virtual: string[] }) => scope.onmessage!({ data });
  return { posted, send };
}

const results = (posted: Posted[], id: number) => posted.filter((m) => m.type === 'result' && m.id === id);

describe('the device worker entry', () => {
  beforeEach(() => {
    // No IndexedDB here: no saved keyboards, said once on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers the first list first, then hands every message to the service in order', async () => {
    const { posted, send } = await startEntry();
    send({ type: 'first-list', virtual: ['made68pro@1.3.7'] });
    send({ type: 'resources' });
    send({ type: 'call', id: 1, channel: 'app_info', func: 'get_start_up_options', args: [] });
    send({ type: 'init', realisticLinks: false });
    send({ type: 'call', id: 2, channel: 'app_info', func: 'no_such_call', args: [] });
    await vi.waitFor(() => expect(posted.some((m) => m.type === 'first-list')).toBe(true));
    expect(posted[0]!.type).toBe('first-list');
    const [early] = posted as [FirstListAnswer];
    expect(early.devices).toEqual([
      { path: expect.stringMatching(/^virtual:34b7:1003:VK/), display_name: 'Made68Pro' },
    ]);

    await vi.waitFor(() => expect(posted.some((m) => m.type === 'ready')).toBe(true), { timeout: 10_000 });
    send({ type: 'call', id: 3, channel: 'app_info', func: 'get_dev_list', args: [] });
    await vi.waitFor(() => expect(results(posted, 3)).toHaveLength(1));
    const list = (results(posted, 3)[0] as { value: { path: string }[] }).value;
    // The keyboard the first list named is there, at that path, once.
    expect(list.map((d) => d.path)).toEqual([early.devices[0]!.path]);
    await vi.waitFor(() => expect(posted.filter((m) => m.type === 'resources')).toHaveLength(1));
    for (const id of [1, 2, 3]) expect(results(posted, id)).toHaveLength(1);
    expect(results(posted, 2)[0]).toMatchObject({ error: expect.anything() });
  });

  it('without a first-list request, the first message loads the service and nothing is listed early', async () => {
    const { posted, send } = await startEntry();
    send({ type: 'init', realisticLinks: false });
    send({ type: 'call', id: 7, channel: 'app_info', func: 'get_dev_list', args: [] });
    // Too late to plan with: the page's own start-up adds what the address asks for.
    send({ type: 'first-list', virtual: ['made68pro@1.3.7'] });
    await vi.waitFor(() => expect(results(posted, 7)).toHaveLength(1), { timeout: 10_000 });
    expect(posted.some((m) => m.type === 'first-list')).toBe(false);
    expect((results(posted, 7)[0] as { value: unknown[] }).value).toEqual([]);
    expect(posted.some((m) => m.type === 'ready')).toBe(true);
  });
});
