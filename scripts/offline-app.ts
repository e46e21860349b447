/**
 * The installable, offline app (docs/offline.md): the web manifest and a Workbox service worker (dist/sw.js) made by
 * vite-plugin-pwa at build time, and the page's small inline script that registers it after load, except on the
 * desktop bridge's page. Inline, it adds nothing to the first screen's scripts (initial_js_gzip_kb).
 *
 * - Precached: the whole built app (HTML, scripts of every screen, styles, the device worker, the start-up resources
 *   of src/core/resource-files.ts, device drawings, icons, the Linux rule files), so after one visit it starts with
 *   no network.
 * - The firmware catalogue (docs/firmware-catalogue.md) is cached as it is used: its JSON files network-first (a
 *   release shows as soon as the network has it; offline, the last copy answers), its packages cache-first (a
 *   package never changes under its name).
 * - A new version installs in the background and waits (no skipWaiting): it takes over when every window of the old
 *   one is closed, so a running session, a firmware update above all, never changes version or reloads.
 *   clientsClaim lets the very first install control the page it was installed from, so that page works offline.
 * - Navigations answer index.html from the precache, except the bridge's WebSocket path and the catalogue.
 */
import { VitePWA, type ManifestOptions, type VitePWAOptions } from 'vite-plugin-pwa';
import type { Plugin, PluginOption } from 'vite';

export const SW_FILE = 'sw.js';
export const THEME_COLOUR = '#f5a524';
export const BACKGROUND_COLOUR = '#f3f4f6';
export const FIRMWARE_INDEX_CACHE = 'keytune-firmware-index';
export const FIRMWARE_PACKAGE_CACHE = 'keytune-firmware-packages';

export function manifest(base = '/'): Partial<ManifestOptions> {
  return {
    id: base,
    name: 'Keytune',
    short_name: 'Keytune',
    description: 'Configure magnetic-switch keyboards: key codes, lighting, key performance and firmware.',
    lang: 'en',
    start_url: base,
    scope: base,
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['utilities', 'productivity'],
    icons: [
      { src: `${base}icons/keytune-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${base}icons/keytune-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${base}icons/keytune-maskable-192.png`, sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: `${base}icons/keytune-maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: `${base}icons/keytune.svg`, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** The plugin's options: the manifest and the service worker's rules. */
export function offlineOptions(base = '/'): Partial<VitePWAOptions> {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    strategies: 'generateSW',
    registerType: 'prompt',
    // The inline script below registers the worker, after load and never on the bridge's page.
    injectRegister: false,
    filename: SW_FILE,
    manifestFilename: 'manifest.webmanifest',
    manifest: manifest(base),
    // The icons are in the precache through the glob below already; listed twice, Workbox would refuse them.
    includeManifestIcons: false,
    // Workbox's own minifier takes most of the build's time for a few kB; the worker is fetched once per version.
    minify: false,
    workbox: {
      globPatterns: ['**/*.{html,js,css,json,svg,png,webp,woff2,webmanifest,rules,sh,txt}'],
      // The catalogue is cached as it is used (below), not as part of the app.
      globIgnores: ['firmware/**'],
      // The app's scripts are about 1 MB: room for growth, and a build fails instead of quietly dropping a file.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      skipWaiting: false,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      navigateFallback: `${base}index.html`,
      navigateFallbackDenylist: [new RegExp(`^${escaped}bridge(?:[/?]|$)`), new RegExp(`^${escaped}firmware/`)],
      runtimeCaching: [
        {
          urlPattern: new RegExp(`^[^?#]*${escaped}firmware/.*\\.json(?:[?#]|$)`),
          handler: 'NetworkFirst',
          options: {
            cacheName: FIRMWARE_INDEX_CACHE,
            networkTimeoutSeconds: 5,
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: new RegExp(`^[^?#]*${escaped}firmware/.*\\.zip(?:[?#]|$)`),
          handler: 'CacheFirst',
          options: {
            cacheName: FIRMWARE_PACKAGE_CACHE,
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 32 },
          },
        },
      ],
    },
  };
}

/** Said to the page (src/main.tsx shows it) when a new version is installed and waits for the next start. */
export const UPDATE_READY_EVENT = 'keytune:update-ready';
/** The bridge's page carries this meta element (src/desktop/wire.ts TOKEN_META); its worker must not be ours. */
const BRIDGE_META = 'keytune-bridge-token';

/**
 * The registration, as a classic inline script run at the end of the body. On the bridge's page it removes any
 * worker a static copy of the app left on the same address instead. It never reloads the page.
 */
export function registrationScript(base = '/'): string {
  const register = `navigator.serviceWorker.register(${JSON.stringify(`${base}${SW_FILE}`)}, { scope: ${JSON.stringify(base)} })`;
  return `<script>
      (function () {
        if (!('serviceWorker' in navigator)) return;
        var workers = navigator.serviceWorker;
        if (document.querySelector('meta[name="${BRIDGE_META}"]')) {
          workers.getRegistrations().then(function (all) { all.forEach(function (r) { r.unregister(); }); });
          return;
        }
        // A worker installed while an older one runs this page is the next start's version.
        function ready() { if (workers.controller) window.dispatchEvent(new Event('${UPDATE_READY_EVENT}')); }
        window.addEventListener('load', function () {
          ${register}.then(function (registration) {
            // A browser that does not run workers (blocked by its policy) registers nothing.
            if (!registration) return;
            if (registration.waiting) ready();
            registration.addEventListener('updatefound', function () {
              var installing = registration.installing;
              if (installing) installing.addEventListener('statechange', function () {
                if (installing.state === 'installed') ready();
              });
            });
          }, function (error) { console.warn('The offline copy of Keytune could not be set up', error); });
        });
      })();
    </script>`;
}

function registerAfterLoad(base: string): Plugin {
  return {
    name: 'keytune-register-service-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</body>', `  ${registrationScript(base)}\n  </body>`),
    },
  };
}

export function offlineApp(base = '/'): PluginOption {
  return [VitePWA(offlineOptions(base)), registerAfterLoad(base)];
}
