/**
 * The device worker: the device service and the virtual keyboards' firmware, off the page's main thread so neither
 * competes with rendering and the page loads only the UI. The page talks to the service through the bridge contract
 * over postMessage, as the desktop shell will over its local bridge.
 *
 * This entry is small on purpose: it starts the resource downloads, reads the saved keyboards, answers the page's
 * first-list request (first-list.ts) and only then loads the service (worker-service.ts: the service, firmware,
 * schemas), whose evaluation would otherwise come before any answer. Every other message waits for the service and is
 * handed to it in the order it came; from then on the service takes each message as it comes.
 *
 * Nothing the service needs is imported here statically: the service is created, and hooked up, in worker-service.ts.
 */
/// <reference lib="webworker" />
// First, so the resource downloads start before anything else is evaluated.
import { prefetchedFetch } from './resource-prefetch.ts';
import { planStartKeyboards, type FirstListAnswer, type FirstListRequest, type StartPlan } from './first-list.ts';
import { virtualStore, type StoredKeyboard } from './virtual-store.ts';
import type { FromWorker, ToWorker } from './worker-messages.ts';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker | FirstListAnswer): void => scope.postMessage(message);

const saved: Promise<StoredKeyboard[]> = virtualStore.all().catch((e: unknown) => {
  console.error('could not read saved virtual keyboards', e);
  return [];
});

/** The keyboards to start with, once the first-list request (or any other message) has come. */
let plan: Promise<StartPlan> | undefined;
/** The service's message handler, once loaded; until then messages wait here. */
let handle: ((msg: ToWorker) => void) | undefined;
const waiting: ToWorker[] = [];

function loadService(): void {
  if (plan) return;
  plan = saved.then((records) => planStartKeyboards(records, []));
  startService(plan);
}

function startService(planned: Promise<StartPlan>): void {
  planned
    .then(async (value) => {
      const { serveDevices } = await import('./worker-service.ts');
      handle = serveDevices({ post, fetch: prefetchedFetch, plan: value });
      for (const msg of waiting.splice(0)) handle(msg);
    })
    .catch((e: unknown) => {
      // Thrown outside the promise, so the page's `error` listeners hear that the worker could not start.
      setTimeout(() => {
        throw e;
      });
    });
}

function answerFirstList(request: FirstListRequest): void {
  // Asked after the service has started (never by the page's own order): start-up adds what is missing.
  if (plan) return;
  const values = Array.isArray(request.virtual) ? request.virtual.filter((v) => typeof v === 'string') : [];
  plan = saved.then((records) => planStartKeyboards(records, values));
  // The answer goes out before the service is even fetched, let alone evaluated.
  void plan.then((value) => post({ type: 'first-list', devices: value.listed }));
  startService(plan);
}

scope.onmessage = (event: MessageEvent<ToWorker | FirstListRequest>) => {
  const msg = event.data;
  if (msg.type === 'first-list') return answerFirstList(msg);
  if (handle) return handle(msg);
  waiting.push(msg);
  loadService();
};
