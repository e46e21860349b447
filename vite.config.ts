import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstPaint } from './scripts/first-paint-plugin.ts';
import { i18nPrecompile } from './scripts/i18n-precompile-plugin.ts';
import { buildFirmwareCatalogue, catalogueContentType } from './scripts/firmware-catalogue.ts';
import { offlineApp } from './scripts/offline-app.ts';
import { staticHeaders } from './scripts/static-headers.ts';
import { earlyWorkerScript } from './src/ui/startup/early-worker.ts';

/**
 * Starts the device worker from the page's first inline script in production builds, so its download overlaps the
 * app's own scripts instead of following them, and asks it for the first device list (src/ui/startup/early-worker.ts).
 */
function earlyDeviceWorker(): Plugin {
  return {
    name: 'keytune-early-device-worker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const worker = Object.keys(ctx.bundle ?? {}).find((f) => /assets\/device-worker-[\w-]+\.js$/.test(f));
        if (!worker) return html;
        return html.replace('<head>', `<head>\n    ${earlyWorkerScript(`/${worker}`)}`);
      },
    },
  };
}

/**
 * A request for a file that is not there (a device drawing no model has, say) is a 404, not the app's page: the
 * single-page fallback answers only addresses that name no file. Vite's fallback has already rewritten such a request
 * to /index.html by the time this runs after it, so the address asked for is read from `originalUrl`.
 */
function missingFilesAreNotFound(): Plugin {
  const notFound = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: () => void) => {
    const asked = (req.originalUrl ?? req.url ?? '').split(/[?#]/)[0] ?? '';
    const namesFile = /\.[A-Za-z0-9]+$/.test(asked) && !asked.endsWith('.html');
    if (req.url === '/index.html' && namesFile) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
      return;
    }
    next();
  };
  return {
    name: 'keytune-missing-files-not-found',
    configureServer: (server) => () => void server.middlewares.use(notFound),
    configurePreviewServer: (server) => () => void server.middlewares.use(notFound),
  };
}

/**
 * The firmware catalogue (scripts/firmware-catalogue.ts, docs/firmware-catalogue.md): written into the build as
 * dist/firmware/**, and served under /firmware/ by the dev server, so the update checker's first source is there
 * wherever the app is.
 */
function firmwareCatalogue(): Plugin {
  const PREFIX = 'firmware/';
  let files: Map<string, Uint8Array> | undefined;
  const catalogue = () => (files ??= buildFirmwareCatalogue());
  return {
    name: 'keytune-firmware-catalogue',
    configureServer(server) {
      const base = `${server.config.base.replace(/\/?$/, '/')}${PREFIX}`;
      server.middlewares.use((req, res, next) => {
        const asked = decodeURIComponent((req.url ?? '').split(/[?#]/)[0] ?? '');
        if (!asked.startsWith(base) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        const body = catalogue().get(asked.slice(base.length));
        if (!body) {
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('Not found');
          return;
        }
        res.setHeader('Content-Type', catalogueContentType(asked));
        res.setHeader('Content-Length', String(body.length));
        res.setHeader('Cache-Control', asked.endsWith('.json') ? 'no-cache' : 'public, max-age=31536000, immutable');
        res.end(req.method === 'HEAD' ? undefined : Buffer.from(body));
      });
    },
    generateBundle() {
      for (const [path, source] of catalogue()) this.emitFile({ type: 'asset', fileName: `${PREFIX}${path}`, source });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    i18nPrecompile(),
    firstPaint(),
    earlyDeviceWorker(),
    missingFilesAreNotFound(),
    firmwareCatalogue(),
    offlineApp(),
    staticHeaders(),
  ],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser with WebHID (and the desktop shell's) supports modulepreload: no polyfill on the first screen.
    modulePreload: { polyfill: false },
    // Everything the entry reaches by static imports goes into one chunk: one request for the first screen instead
    // of twenty small shared chunks queueing for the browser's six connections. Lazy screens keep their own chunks.
    rolldownOptions: {
      // src/core holds tables and rules with no top-level effects: a module imported for one name brings only what
      // that name uses. Without this the page's ResourceLoadError pulled in the whole key-code table (~5 kB gzipped).
      treeshake: { moduleSideEffects: [{ test: /\/src\/core\//, sideEffects: false }] },
      output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
    },
  },
  worker: { format: 'es' },
});
