/**
 * The device worker. A production build starts it from the page's first inline script (vite.config.ts), so it
 * downloads while the app's scripts load; otherwise it starts here. As soon as it runs it fetches and checks the
 * default resources and finds its saved virtual keyboards again; it waits for the device-access step before the
 * page hears from its service.
 */
import { ResourceLoadError, type DefaultResources } from '../../core/resource-load.ts';
import type { FromWorker, ToWorker } from '../../host/worker-messages.ts';

declare global {
  interface Window {
    __keytuneWorker?: Worker;
  }
}

let deviceWorker: Worker | undefined;

export function startDeviceWorker(): Worker {
  deviceWorker ??=
    window.__keytuneWorker ?? new Worker(new URL('../../host/device-worker.ts', import.meta.url), { type: 'module' });
  return deviceWorker;
}

/** Start-up step 1 in the browser: the default resources as the device worker fetched and checked them. */
export function loadResourcesFromWorker(): Promise<DefaultResources> {
  const worker = startDeviceWorker();
  return new Promise((resolve, reject) => {
    const done = () => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
    };
    const onMessage = (event: MessageEvent<FromWorker>) => {
      const msg = event.data;
      if (msg.type !== 'resources') return;
      done();
      if (msg.result.ok) resolve(msg.result.value);
      else reject(new ResourceLoadError(msg.result.file, msg.result.detail));
    };
    const onError = (event: ErrorEvent) => {
      done();
      reject(new Error(`the device worker failed to start: ${event.message}`));
    };
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ type: 'resources' } satisfies ToWorker);
  });
}
