/**
 * Start-up step 1: GET the four default resources and check each against its schema. Any failure stops start-up
 * with a ResourceLoadError, which the page shows as "Failed to load resource, please refresh the page".
 */
import { parseResource, RESOURCE_FILES, type ResourceKind, type ResourceTypes } from '../../core/resources';

export type DefaultResources = ResourceTypes;

export class ResourceLoadError extends Error {
  readonly file: string;
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'ResourceLoadError';
    this.file = file;
  }
}

type Fetch = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

async function loadOne<K extends ResourceKind>(kind: K, fetchFn: Fetch, baseUrl: string): Promise<ResourceTypes[K]> {
  const file = RESOURCE_FILES[kind];
  let text: string;
  try {
    const response = await fetchFn(`${baseUrl}${file}`);
    if (!response.ok) throw new ResourceLoadError(file, `HTTP ${response.status}`);
    text = await response.text();
  } catch (e) {
    if (e instanceof ResourceLoadError) throw e;
    throw new ResourceLoadError(file, e instanceof Error ? e.message : String(e));
  }
  const parsed = parseResource(kind, text);
  if (!parsed.ok) throw new ResourceLoadError(file, parsed.error.message);
  return parsed.value;
}

/** `baseUrl` ends with '/' (Vite's BASE_URL). The four requests run in parallel. */
export async function loadDefaultResources(fetchFn: Fetch, baseUrl: string): Promise<DefaultResources> {
  const [keycodes, common, ledModes, version] = await Promise.all([
    loadOne('keycodes', fetchFn, baseUrl),
    loadOne('common', fetchFn, baseUrl),
    loadOne('ledModes', fetchFn, baseUrl),
    loadOne('version', fetchFn, baseUrl),
  ]);
  return { keycodes, common, ledModes, version };
}
