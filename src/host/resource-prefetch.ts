/// <reference types="vite/client" />
/**
 * The device worker's first module: it starts the GETs of the four default resources before the rest of the worker
 * (service, firmware, schemas) is evaluated, so the downloads overlap that work. device-worker.ts imports it first;
 * a module's imports run in the order they are written.
 */
import { RESOURCE_FILES } from '../core/resource-files.ts';

const started = new Map<string, Promise<Response>>();
for (const file of Object.values(RESOURCE_FILES)) {
  const url = `${import.meta.env.BASE_URL}${file}`;
  const response = fetch(url);
  // A failure is reported when start-up asks for the file, not as an unhandled rejection now.
  response.catch(() => undefined);
  started.set(url, response);
}

/** fetch(), answered by the GET started at load when it asks for one of those files (each is answered once). */
export function prefetchedFetch(url: string): Promise<Response> {
  const early = started.get(url);
  started.delete(url);
  return early ?? fetch(url);
}
