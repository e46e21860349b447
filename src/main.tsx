/// <reference types="vite/client" />
/**
 * Start-up (spec-2 §4): default resources, device access, device config, update checker (all in boot), then
 * translation, then mount. A failed step shows a message instead of a blank page.
 */
import { StrictMode } from 'react';
import { ResourceLoadError } from './core/resource-load';
import { createRoot } from 'react-dom/client';
import { initLanguage } from './i18n/store';
import { App } from './ui/App';
import { createHost, loadResourcesFromWorker, startDeviceWorker } from './ui/host';
import { ServicesProvider } from './ui/services';
import { StartupFailure } from './ui/StartupFailure';
import { boot } from './ui/startup/boot';
import { rememberDevices } from './ui/startup/remembered-devices';
import { initTheme } from './ui/theme/store';
import type { HostKind } from './ui/host-types';
import { useToastStore } from './ui/toasts/store';
import './ui/styles/app.css';

performance.mark('keytune:start');
// Already running in a production build (index.html starts it); it fetches the resources of step 1 at once.
startDeviceWorker();

// The theme is not a start-up step of the spec, but painting it first keeps a dark-theme user from a white flash.
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

try {
  const services = await boot({
    loadResources: loadResourcesFromWorker,
    createHost,
    search: window.location.search,
  });
  initLanguage();
  rememberDevices(services.devices);
  keepOffline(services.host.hostKind);
  root.render(
    <StrictMode>
      <ServicesProvider services={services}>
        <App />
      </ServicesProvider>
    </StrictMode>,
  );
} catch (error) {
  console.error('Start-up failed', error);
  const detail = error instanceof Error ? error.message : String(error);
  root.render(
    <StartupFailure
      message={error instanceof ResourceLoadError ? 'startup.resource.failed' : 'startup.failed'}
      detail={detail}
    />,
  );
}

/**
 * The offline app (docs/offline.md): registers the service worker of the build (dist/sw.js) once the page has
 * loaded, so it never competes with the first screen. A new version installs in the background and waits for the
 * next start (no reload here, ever: a firmware update may be running); the person is told once it is ready. The
 * bridge's page never registers one (its page carries a per-launch secret and must come from the bridge) and removes
 * one a static copy of the app left on the same address.
 */
function keepOffline(kind: HostKind): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  if (kind === 'bridge') {
    void workers.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const updateReady = () =>
    useToastStore.getState().push({ title: 'offline.update.ready', context: '', args: '', type: 0, delay: 8 });
  const register = () =>
    workers.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).then(
      (registration) => {
        // A worker waiting, or one installed while an older one runs this page, is the next start's version.
        if (registration.waiting && workers.controller) updateReady();
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && workers.controller) updateReady();
          });
        });
      },
      (error: unknown) => console.warn('The offline copy of Keytune could not be set up', error),
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
