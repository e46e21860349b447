/**
 * Start-up step 1: GET the four default resources and check each against its schema. Any failure stops start-up
 * with a ResourceLoadError, which the page shows as "Failed to load resource, please refresh the page".
 *
 * Fetch and check are injected, so this stays free of I/O. In the browser the device worker runs it as soon as it
 * starts (src/host/device-worker.ts): the schemas and their validator stay out of the first screen's JavaScript, and
 * the check overlaps the page's own start. Tests pass a fake fetch and `parseResource` directly.
 */
import { RESOURCE_FILES, type ResourceKind, type ResourceResult, type ResourceTypes } from './resources';

export type DefaultResources = ResourceTypes;

export class ResourceLoadError extends Error {
  readonly file: string;
  readonly detail: string;
  constructor(file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'ResourceLoadError';
    this.file = file;
    this.detail = detail;
  }
}

type Fetch = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/**
 * Parses a fetched resource's text and checks it against its schema: `parseResource` of core/resource-schemas.ts,
 * passed in so that the page, which imports this module for ResourceLoadError, never loads the schemas.
 */
export type ResourceCheck = <K extends ResourceKind>(kind: K, text: string) => ResourceResult<ResourceTypes[K]>;

async function loadOne<K extends ResourceKind>(
  kind: K,
  fetchFn: Fetch,
  baseUrl: string,
  check: ResourceCheck,
): Promise<ResourceTypes[K]> {
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
  const parsed = check(kind, text);
  if (!parsed.ok) throw new ResourceLoadError(file, parsed.error.message);
  return parsed.value;
}

/** `baseUrl` ends with '/' (Vite's BASE_URL). The four requests run in parallel. */
export async function loadDefaultResources(
  fetchFn: Fetch,
  baseUrl: string,
  check: ResourceCheck,
): Promise<DefaultResources> {
  const [keycodes, common, ledModes, version] = await Promise.all([
    loadOne('keycodes', fetchFn, baseUrl, check),
    loadOne('common', fetchFn, baseUrl, check),
    loadOne('ledModes', fetchFn, baseUrl, check),
    loadOne('version', fetchFn, baseUrl, check),
  ]);
  return { keycodes, common, ledModes, version };
}
