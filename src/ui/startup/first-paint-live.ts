/**
 * Brings the first frame's cards to life as soon as the device service has listed the devices, before the app's
 * first render: the app waits for the default resources (checked in the device worker) and then renders everything
 * cold, while the list is known earlier. A card whose device is listed gets its path, "Connected" and a name button;
 * choosing it opens that device, by the same store the app renders from, so the app's first render is its page. The
 * rail stays inert: it does nothing until the app is there. The app's first render replaces the frame as before.
 */
import type { DeviceRecord } from '../../contract/bridge';

// No run-time imports: this module loads while the app's own script is still evaluating (main.tsx awaits start-up at
// its top level), and a chunk that imported from it would wait for that evaluation, which waits for this module.

/** Marks a card that was chosen before the app had rendered: its page is on the way. */
const OPENING = 'device-card--opening';

/**
 * Makes the first frame's cards of `devices` live; `open` is called with the chosen device's path, `connected` is the
 * state line of a listed device in the frame's language. Answers how many cards went live (0 when the app has already
 * rendered, or the frame drew none).
 */
export function bringFirstFrameToLife(
  devices: readonly DeviceRecord[],
  open: (path: string) => void,
  connected: string,
  root: ParentNode = document,
): number {
  const frame = root.querySelector<HTMLElement>('.first-paint');
  if (!frame) return 0;
  const unused = devices.filter((d) => d.online !== false);
  let live = 0;
  for (const card of frame.querySelectorAll<HTMLElement>('.device-card--preview')) {
    const label = card.querySelector<HTMLElement>('.device-card__open');
    const name = label?.textContent ?? '';
    const at = unused.findIndex((d) => d.display_name === name);
    if (!label || at < 0) continue;
    const device = unused.splice(at, 1)[0]!;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'device-card__open';
    button.textContent = device.display_name;
    button.dataset.deviceOpen = device.path;
    button.addEventListener('click', () => {
      card.classList.add(OPENING);
      card.setAttribute('aria-busy', 'true');
      open(device.path);
    });
    label.replaceWith(button);
    card.classList.replace('device-card--preview', 'device-card--live');
    card.dataset.online = 'true';
    card.dataset.path = device.path;
    card.querySelector('.status-dot')?.classList.add('status-dot--on');
    const state = card.querySelector('.device-card__meta .status-dot + span');
    if (state) state.textContent = connected;
    live++;
  }
  if (live > 0) {
    // Only the cards take part now; the rail waits for the app.
    frame.removeAttribute('inert');
    frame.removeAttribute('aria-hidden');
    frame.querySelector('.rail')?.setAttribute('inert', '');
    frame.querySelector('.rail')?.setAttribute('aria-hidden', 'true');
  }
  return live;
}
