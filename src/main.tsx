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
import './ui/styles/app.css';

performance.mark('keytune:start');
// The offline app's inline script (scripts/offline-app.ts) says when a new version is installed: it is used from the
// next start (docs/offline.md), never by reloading this page.
window.addEventListener(
  'keytune:update-ready',
  () =>
    void import('./ui/toasts/store').then(({ useToastStore }) =>
      useToastStore.getState().push({ title: 'offline.update.ready', context: '', args: '', type: 0, delay: 8 }),
    ),
);
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
