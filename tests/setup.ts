import '@testing-library/jest-dom/vitest';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

// Informational logs of code under test ("call refused: …", already shown to the user as a toast) stay out of a test
// run; warnings and errors still print. KEYTUNE_TEST_LOG=1 shows them when a failing test needs them.
if (!process.env.KEYTUNE_TEST_LOG) {
  console.info = () => {};
  console.debug = () => {};
}

/** The app's own files, fetched by path ("/devices/made68pro.svg"), served from public/ as the dev server does. */
const PUBLIC = join(process.cwd(), 'public');
const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.json': 'application/json' };
async function servePublic(path: string): Promise<Response> {
  const file = normalize(join(PUBLIC, decodeURIComponent(path.split(/[?#]/)[0]!)));
  if (!file.startsWith(PUBLIC + sep)) return new Response('', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, { status: 200, headers: { 'content-type': TYPES[extname(file)] ?? 'text/plain' } });
  } catch {
    return new Response('', { status: 404 });
  }
}

if (typeof window !== 'undefined') {
  // Node's fetch has no page to resolve a path against (it throws "Invalid URL"); a test that stubs fetch still wins.
  const networkFetch = globalThis.fetch;
  const pageFetch: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith('/') && !url.startsWith('//') ? servePublic(url) : networkFetch(input, init);
  };
  globalThis.fetch = pageFetch;
  window.fetch = pageFetch;
  // jsdom has no 2D canvas: getContext answers null, as a browser without one does, without printing "Not
  // implemented" each time. The canvases draw nothing then; tests that look at drawing spy on getContext.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
    Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
  }
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
}

// On a busy machine one accessible-name query over a whole keyboard drawing can take most of a second, so the default
// one-second wait of findBy/waitFor expires after a single try. Waits end as soon as their condition holds, so a longer
// ceiling costs nothing when the code is right; a test that never sees its condition still fails.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}
