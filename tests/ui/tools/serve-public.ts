/** Answers fetch() from the public/ folder, as the built app's static files. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export function servePublic(overrides: Record<string, string | number> = {}): void {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = String(input).replace(/^https?:\/\/[^/]+/, '');
    const override = overrides[url];
    if (typeof override === 'number') return new Response('', { status: override });
    if (override !== undefined) return new Response(override, { status: 200 });
    try {
      return new Response(await readFile(join(process.cwd(), 'public', url.replace(/^\//, ''))), { status: 200 });
    } catch {
      return new Response('', { status: 404 });
    }
  });
}
