/**
 * Puts the app's first frame into index.html (src/ui/startup/first-paint.ts): an inline script right after #root
 * that draws the shell and the devices about to be listed before any of the app's script has loaded. The pieces it
 * draws with (rail, card drawings, texts in both languages) are rendered at build time from the app's own components
 * (src/ui/startup/first-paint-parts.tsx), through a short-lived Vite server in SSR mode (the dev server's own when
 * there is one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, transformWithOxc, type Plugin, type ViteDevServer } from 'vite';
import type { FirstPaintParts } from '../src/ui/startup/first-paint.ts';

const RUNTIME = 'src/ui/startup/first-paint.ts';
const PARTS = '/src/ui/startup/first-paint-parts.tsx';
export const ROOT_MARKUP = '<div id="root"><div class="boot-spinner" aria-busy="true"></div></div>';

async function renderParts(server: ViteDevServer | undefined, root: string): Promise<FirstPaintParts> {
  const own =
    server ??
    (await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    }));
  try {
    const mod = (await own.ssrLoadModule(PARTS)) as { firstPaintParts(): FirstPaintParts };
    return mod.firstPaintParts();
  } finally {
    if (!server) await own.close();
  }
}

/** The inline script: first-paint.ts as a classic script (its exports dropped), then the call with the parts. */
export async function firstPaintScript(parts: FirstPaintParts, root = process.cwd()): Promise<string> {
  const file = join(root, RUNTIME);
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  const classic = code
    .replace(/^export\s+(?=(?:async\s+)?function|const|let|class)/gm, '')
    .replace(/^export\s*\{[^}]*\};?\s*$/gm, '');
  // `</script` inside the data would end the script early; JSON escapes it.
  const data = JSON.stringify(parts).replace(/</g, '\\u003c');
  return `<script>(function () {\n${classic}\npaintFirstFrame(${data});\n})();</script>`;
}

export function firstPaint(): Plugin {
  let server: ViteDevServer | undefined;
  let script: Promise<string> | undefined;
  let root = process.cwd();
  return {
    name: 'keytune-first-paint',
    configResolved(config) {
      root = config.root;
    },
    configureServer(s) {
      server = s;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(ROOT_MARKUP)) throw new Error(`index.html no longer has ${ROOT_MARKUP}`);
        // Rendered again on every request in development (the parts follow edits), once per build otherwise.
        const current = server
          ? firstPaintScript(await renderParts(server, root), root)
          : (script ??= renderParts(undefined, root).then((parts) => firstPaintScript(parts, root)));
        return html.replace(ROOT_MARKUP, `${ROOT_MARKUP}\n    ${await current}`);
      },
    },
  };
}
