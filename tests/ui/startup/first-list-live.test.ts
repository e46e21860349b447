// @vitest-environment jsdom
/**
 * The first frame's cards go live from the device worker's first list, which the page's first inline script asks for
 * (early-worker.ts) before the app has loaded: drawn live when the answer is already in, made live when it comes
 * later. A card chosen then is opened by the app's start-up (boot.ts) once it has the service's list.
 */
import { buildDefaultResources } from '../../../src/core/resources';
import { boot } from '../../../src/ui/startup/boot';
import { earlyWorkerScript } from '../../../src/ui/startup/early-worker';
import { OPEN_EVENT, paintFirstFrame } from '../../../src/ui/startup/first-paint';
import { firstPaintParts } from '../../../src/ui/startup/first-paint-parts';
import { testHost } from '../test-host';

const parts = firstPaintParts();
const PATH = 'virtual:34b7:1003:VK0123456789';

// Opening a chosen device starts loading the device page's code (boot.ts); the file waits for it before it ends.
afterAll(async () => {
  await import('../../../src/ui/device-page/DevicePage');
});

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div class="boot-spinner" aria-busy="true"></div></div>';
  localStorage.clear();
  window.history.replaceState(null, '', '/?virtual=made68pro@1.3.7');
  delete window.__keytuneFirstList;
  delete window.__keytuneChosen;
});

/** Runs the inline script with a stand-in Worker; answers what it posted. */
function runEarlyScript() {
  const sent: unknown[] = [];
  const listeners: ((e: { data: unknown }) => void)[] = [];
  class FakeWorker {
    constructor(readonly url: string) {}
    postMessage(m: unknown) {
      sent.push(m);
    }
    addEventListener(_: string, l: (e: { data: unknown }) => void) {
      listeners.push(l);
    }
    removeEventListener(_: string, l: (e: { data: unknown }) => void) {
      listeners.splice(listeners.indexOf(l), 1);
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  const body = /<script>([\s\S]*)<\/script>/.exec(earlyWorkerScript('/assets/device-worker-x.js'))![1]!;
  new Function(body)();
  return { sent, answer: (data: unknown) => [...listeners].forEach((l) => l({ data })) };
}

describe('the first frame from the worker’s first list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the worker at once, with the address’s virtual keyboards, and makes the card live when it answers', () => {
    const worker = runEarlyScript();
    expect(worker.sent).toEqual([{ type: 'first-list', virtual: ['made68pro@1.3.7'] }]);
    paintFirstFrame(parts);
    expect(document.querySelector('.device-card--preview')).toHaveTextContent('Connecting…');
    worker.answer({ type: 'resources' });
    expect(document.querySelectorAll('.device-card--live')).toHaveLength(0);
    worker.answer({ type: 'first-list', devices: [{ path: PATH, display_name: 'Made68Pro' }] });
    const card = document.querySelector<HTMLElement>('.device-card--live')!;
    expect(card).toHaveTextContent('Connected');
    expect(card.dataset.path).toBe(PATH);
  });

  it('draws the card live when the answer came before the frame; choosing it notes the device for the app', () => {
    window.__keytuneFirstList = [{ path: PATH, display_name: 'Made68Pro' }];
    paintFirstFrame(parts);
    const chosen: string[] = [];
    window.addEventListener(OPEN_EVENT, (e) => chosen.push((e as CustomEvent<string>).detail));
    const button = document.querySelector<HTMLButtonElement>('.device-card--live button')!;
    button.click();
    expect(window.__keytuneChosen).toBe(PATH);
    expect(chosen).toEqual([PATH]);
  });

  it('the app’s start-up opens the device chosen on the first frame, if the service lists it', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const start = () =>
      boot({ loadResources: async () => buildDefaultResources('0.1.0'), createHost: async () => host, search: '' });
    window.__keytuneFirstList = [{ path, display_name: 'Made68Pro' }];
    paintFirstFrame(parts);
    document.querySelector<HTMLButtonElement>('.device-card--live button')!.click();
    expect((await start()).devices.getState().openPath).toBe(path);

    window.__keytuneChosen = 'virtual:34b7:1003:GONE';
    expect((await start()).devices.getState().openPath).toBeNull();
  });

  it('a card chosen before any list came opens the device the service lists under its name', async () => {
    const host = testHost();
    const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.3.7' });
    const start = () =>
      boot({ loadResources: async () => buildDefaultResources('0.1.0'), createHost: async () => host, search: '' });
    paintFirstFrame(parts);
    expect(document.querySelector('.device-card--live')).toBeNull();
    document.querySelector<HTMLButtonElement>('.device-card--preview button')!.click();
    expect((await start()).devices.getState().openPath).toBe(path);
  });
});
