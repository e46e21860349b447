/**
 * The Tool tab's plugins (spec-2 §2.7): public/plugins/index.json lists the plugin folders and each folder's
 * info.json gives its name and description, as catalogue ids so they read in both languages. Both files are checked
 * against a schema; a plugin whose info is missing or malformed is left out and logged, the others still show.
 */
import { z } from 'zod';

const indexSchema = z.array(z.string().regex(/^[a-z0-9-]+$/)).max(50);

const infoSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  description: z.string().min(1),
  version: z.string().optional(),
});

export type PluginInfo = z.infer<typeof infoSchema>;

export function pluginsBase(baseUrl: string = import.meta.env.BASE_URL): string {
  return `${baseUrl}plugins/`;
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

/** Loads every listed plugin's info; rejects only when the list itself cannot be read. */
export async function loadPlugins(base: string = pluginsBase()): Promise<PluginInfo[]> {
  const names = indexSchema.parse(await getJson(`${base}index.json`));
  const infos = await Promise.all(
    names.map(async (name) => {
      try {
        return infoSchema.parse(await getJson(`${base}${name}/info.json`));
      } catch (error) {
        console.warn(`Plugin ${name} left out: its info.json could not be read`, error);
        return undefined;
      }
    }),
  );
  return infos.filter((info): info is PluginInfo => info !== undefined);
}
