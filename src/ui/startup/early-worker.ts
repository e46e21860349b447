/**
 * The first inline script of a built page (vite.config.ts puts it first in <head>): it starts the device worker, so
 * its download overlaps the app's own scripts, and asks it at once which devices it is about to list (the address's
 * `?virtual=` values go with the request; src/host/first-list.ts answers). The answer is kept on the window and
 * announced, so the first frame (first-paint.ts) draws those cards live, or makes them live when it comes later.
 * It is sent from here rather than from the first frame's script, which waits for the stylesheet.
 */
import { FIRST_LIST_EVENT } from './first-paint.ts';

export function earlyWorkerScript(workerUrl: string): string {
  return `<script>(function () {
  var w = (window.__keytuneWorker = new Worker(${JSON.stringify(workerUrl)}, { type: 'module' }));
  w.addEventListener('message', function heard(e) {
    if (!e.data || e.data.type !== 'first-list') return;
    w.removeEventListener('message', heard);
    window.__keytuneFirstList = e.data.devices;
    window.dispatchEvent(new Event(${JSON.stringify(FIRST_LIST_EVENT)}));
  });
  w.postMessage({ type: 'first-list', virtual: new URLSearchParams(location.search).getAll('virtual') });
})();</script>`;
}
