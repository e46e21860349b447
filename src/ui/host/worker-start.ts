/**
 * The device worker. A production build starts it from the page's first inline script (vite.config.ts), so it
 * downloads while the app's scripts load; otherwise it starts here. It waits for the device-access step to
 * initialise it.
 */
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
