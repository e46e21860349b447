/**
 * The first frame, before any of the app's script has loaded: the shell (side rail, content area) and, when the page
 * can know them, the devices it is about to list, drawn as "connecting" cards. index.html runs this as an inline
 * script (scripts/first-paint-plugin.ts compiles it, with the parts rendered at build time by first-paint-parts.tsx),
 * so a person sees the app's frame and their devices at the speed of a static page. The app's first render replaces
 * it all; until then the rail does nothing, and screen readers hear that the page is loading.
 *
 * The devices shown are the ones the app listed on the last visit (names and types only, kept by
 * remembered-devices.ts) and the virtual keyboards the address asks for (`?virtual=made68pro@1.3.7`). Nothing read
 * from a device (firmware version, battery, connection) is shown before the device has answered.
 *
 * Each card's name is a button from the first frame. Chosen before its device is known, the choice is kept by name
 * and place (CHOICE_BY_NAME: the nth card of that name) and the app opens the device it lists under them; a device
 * that does not come leaves the list as the app draws it. The cards are told their device's path as soon as the
 * device worker says which devices it lists: it answers the page's first-list request (early-worker.ts) before it
 * has even loaded the service (src/host/first-list.ts); the app's start-up sends its own list too (DEVICES_EVENT).
 * A card with a path shows "Connected" and is chosen by path. Either way the choice is noted (OPEN_EVENT,
 * window.__keytuneChosen) and the app opens it as soon as it can.
 *
 * Self-contained (no imports): it runs in a classic script, before the module graph.
 */

export type FirstPaintLanguage = 'en_US' | 'zh_CN';

export interface FirstPaintTexts {
  /** The side rail, in this language, as the app renders it on the device tab. */
  rail: string;
  /** The device list's heading. */
  title: string;
  /** The state line of a card whose device has not answered yet. */
  connecting: string;
  /** The state line of a card whose device is listed. */
  connected: string;
  /** What screen readers hear while the page loads. */
  loading: string;
  /** Device type names by dev_type (2 keyboard, 3 mouse, 4 receiver). */
  types: Readonly<Record<string, string>>;
}

export interface FirstPaintParts {
  texts: Readonly<Record<FirstPaintLanguage, FirstPaintTexts>>;
  /** The card drawing by dev_type. */
  art: Readonly<Record<string, string>>;
  /** Lower-case model name to display name and dev_type, for `?virtual=`. */
  models: Readonly<Record<string, readonly [string, number]>>;
}

export interface PreviewDevice {
  name: string;
  type: number;
}

/** A device as the worker's first list or the service's list names it. */
export interface ListedDevice {
  path: string;
  display_name: string;
  online?: boolean;
}

/** Sent by the app's start-up with the service's device list: `detail` is `{ devices, live }`, `live` counted here. */
export const DEVICES_EVENT = 'keytune:devices';
/** Sent when a live card of the first frame is chosen: `detail` is the device's path. */
export const OPEN_EVENT = 'keytune:open-device';
/** Sent when the worker's first list is in (window.__keytuneFirstList; early-worker.ts). */
export const FIRST_LIST_EVENT = 'keytune:first-list';

declare global {
  interface Window {
    /** The device chosen on the first frame (its path, or CHOICE_BY_NAME), for the app to open once it has started. */
    __keytuneChosen?: string;
    /** The device worker's first list, once it has answered (early-worker.ts). */
    __keytuneFirstList?: readonly ListedDevice[];
  }
}

/** localStorage key of the devices listed on the last visit. */
export const REMEMBERED_DEVICES_KEY = 'keytune.devices';
/** At most this many remembered cards are drawn (more would only push the page's first frame later). */
export const PREVIEW_LIMIT = 12;

/** The app's own rule (i18n/translate.ts resolveLanguage): the Language cookie, else the browser's language. */
export function firstPaintLanguage(cookie: string, browserLocale: string | undefined): FirstPaintLanguage {
  const m = /(?:^|;\s*)Language=([^;]*)/.exec(cookie);
  let saved = '';
  if (m) {
    try {
      saved = decodeURIComponent(m[1]!).trim();
    } catch {
      saved = '';
    }
  }
  const raw = (saved || (browserLocale ?? '').trim() || 'en_US').replace(/-/g, '_');
  return raw.toLowerCase().indexOf('zh') === 0 ? 'zh_CN' : 'en_US';
}

/** The remembered devices (ignoring anything malformed), then the address's virtual keyboards not among them. */
export function previewDevices(
  remembered: string | null,
  search: string,
  models: FirstPaintParts['models'],
): PreviewDevice[] {
  const out: PreviewDevice[] = [];
  try {
    const list: unknown = remembered ? JSON.parse(remembered) : [];
    if (Array.isArray(list))
      for (const d of list as unknown[]) {
        const item = d as { name?: unknown; type?: unknown };
        if (d && typeof item.name === 'string' && item.name.length <= 64 && typeof item.type === 'number')
          out.push({ name: item.name, type: item.type });
      }
  } catch {
    // A damaged record only costs the preview.
  }
  // A virtual keyboard the address asks for is listed once per request beyond those already remembered.
  const have: Record<string, number> = {};
  for (const d of out) have[d.name.toLowerCase()] = (have[d.name.toLowerCase()] ?? 0) + 1;
  for (const value of new URLSearchParams(search).getAll('virtual')) {
    const at = value.lastIndexOf('@');
    const model = Object.prototype.hasOwnProperty.call(models, (at < 0 ? value : value.slice(0, at)).toLowerCase())
      ? models[(at < 0 ? value : value.slice(0, at)).toLowerCase()]
      : undefined;
    if (!model || at < 0) continue;
    const key = model[0].toLowerCase();
    if ((have[key] ?? 0) > 0) have[key]!--;
    else out.push({ name: model[0], type: model[1] });
  }
  return out.slice(0, PREVIEW_LIMIT);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The markup of the first frame: the shell, with the device cards when there are any, else a spinner. */
export function firstPaintHtml(
  parts: FirstPaintParts,
  language: FirstPaintLanguage,
  devices: readonly PreviewDevice[],
): string {
  const t = parts.texts[language];
  const seen: Record<string, number> = {};
  const cards = devices
    .map((d) => {
      const art = parts.art[String(d.type)] ?? parts.art['2'] ?? '';
      const type = t.types[String(d.type)] ?? '';
      // The card's name is a button from the first frame: a choice is kept by name and place until the app lists
      // the device (CHOICE_BY_NAME), so a person can open it before anything has answered.
      const nth = (seen[d.name] = (seen[d.name] ?? -1) + 1);
      return (
        `<li><article class="device-card device-card--preview" data-online="false">` +
        `<div class="device-card__art">${art}</div>` +
        `<div class="device-card__body"><h3 class="device-card__name"><button type="button" ` +
        `class="device-card__open" data-first-nth="${nth}">` +
        `${escapeHtml(d.name)}</button></h3><p class="device-card__meta"><span class="status-dot" aria-hidden="true">` +
        `</span><span>${escapeHtml(t.connecting)}</span>${type ? `<span>·</span><span>${escapeHtml(type)}</span>` : ''}` +
        `</p></div></article></li>`
      );
    })
    .join('');
  const screen = cards
    ? `<section class="device-list"><header class="page-header"><h1 class="page-header__title">` +
      `${escapeHtml(t.title)}</h1></header><ul class="device-grid">${cards}</ul></section>`
    : `<div class="boot-spinner"></div>`;
  // The rail does nothing until the app is there; the cards take a click from the first frame.
  const rail = t.rail.replace(/^<(\w+)/, '<$1 inert aria-hidden="true"');
  return (
    `<div class="app first-paint" data-desktop="false"${cards ? '' : ' aria-hidden="true" inert'}>` +
    `<div class="app__body">${rail}<main class="content"><div class="content__screen">${screen}</div></main></div>` +
    `</div><p class="sr-only" role="status">${escapeHtml(t.loading)}</p>`
  );
}

/** Marks a card that was chosen before the app had rendered: its page is on the way. */
const OPENING = 'device-card--opening';

/**
 * Makes the first frame's cards of `devices` live; `open` is called with the chosen device's path, `connected` is the
 * state line of a listed device in the frame's language. Answers how many cards went live (0 when the app has already
 * rendered, or the frame drew none). A card whose device is listed gets its path, "Connected" and a name button.
 * The rail stays inert: it does nothing until the app is there.
 */
export function bringFirstFrameToLife(
  devices: readonly ListedDevice[],
  open: (path: string) => void,
  connected: string,
  root: ParentNode = document,
): number {
  const frame = root.querySelector<HTMLElement>('.first-paint');
  if (!frame) return 0;
  const taken = new Set<string>();
  for (const card of frame.querySelectorAll<HTMLElement>('.device-card--live')) taken.add(card.dataset.path ?? '');
  const unused = devices.filter((d) => d.online !== false && !taken.has(d.path));
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
    button.addEventListener('click', (event) => {
      // Chosen by path from now on (the frame's own listener chooses by name only while the path is unknown).
      event.stopPropagation();
      card.classList.add(OPENING);
      card.setAttribute('aria-busy', 'true');
      open(device.path);
    });
    const focused = document.activeElement === label;
    label.replaceWith(button);
    if (focused) button.focus();
    card.classList.replace('device-card--preview', 'device-card--live');
    card.dataset.online = 'true';
    card.dataset.path = device.path;
    card.querySelector('.status-dot')?.classList.add('status-dot--on');
    const state = card.querySelector('.device-card__meta .status-dot + span');
    if (state) state.textContent = connected;
    live++;
  }
  return live;
}

/** A choice made before the device's path is known: the nth card of that name (boot.ts finds it in the list). */
export const CHOICE_BY_NAME = 'name:';

/** The device a choice names in a list: by path, or the nth device of a name. */
export function chosenPath(choice: string, devices: readonly { path: string; display_name: string }[]) {
  if (!choice.startsWith(CHOICE_BY_NAME)) return devices.some((d) => d.path === choice) ? choice : undefined;
  const rest = choice.slice(CHOICE_BY_NAME.length);
  const hash = rest.lastIndexOf('#');
  const name = rest.slice(0, hash);
  const nth = Number(rest.slice(hash + 1));
  return devices.filter((d) => d.display_name === name)[nth]?.path;
}

/** Cards still without a path open by name and place: the app finds their device once it lists it. */
function chooseByName(frame: HTMLElement): void {
  frame.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('.device-card__open');
    const card = button?.closest<HTMLElement>('.device-card');
    if (!button || !card || button.dataset.firstNth === undefined) return;
    card.classList.add(OPENING);
    card.setAttribute('aria-busy', 'true');
    chooseDevice(`${CHOICE_BY_NAME}${button.textContent ?? ''}#${button.dataset.firstNth}`);
  });
}

/** A chosen card's device: noted for the app's start-up, which may not be listening yet. */
function chooseDevice(path: string): void {
  window.__keytuneChosen = path;
  window.dispatchEvent(new CustomEvent(OPEN_EVENT, { detail: path }));
}

/** Brings the cards to life from whichever list comes first: the worker's early one, or the app's. */
export function listenForDevices(connected: string): void {
  const goLive = (devices: unknown): number => {
    if (!Array.isArray(devices)) return 0;
    const live = bringFirstFrameToLife(devices as ListedDevice[], chooseDevice, connected);
    if (live > 0) performance.mark('keytune:first-frame-live');
    return live;
  };
  window.addEventListener(DEVICES_EVENT, (event) => {
    const detail = (event as CustomEvent<{ devices: readonly ListedDevice[]; live: number }>).detail;
    detail.live += goLive(detail.devices);
  });
  if (window.__keytuneFirstList) goLive(window.__keytuneFirstList);
  else window.addEventListener(FIRST_LIST_EVENT, () => goLive(window.__keytuneFirstList), { once: true });
}

/** Paints the first frame into #root; leaves the page as it is when anything it reads is missing. */
export function paintFirstFrame(parts: FirstPaintParts): void {
  try {
    const root = document.getElementById('root');
    if (!root) return;
    // The desktop host draws its own title bar first; its first frame stays the plain spinner.
    if (document.querySelector('meta[name="keytune-bridge-token"]')) return;
    let remembered: string | null = null;
    try {
      remembered = window.localStorage.getItem(REMEMBERED_DEVICES_KEY);
    } catch {
      remembered = null;
    }
    const language = firstPaintLanguage(document.cookie, navigator.language);
    const devices = previewDevices(remembered, location.search, parts.models);
    root.innerHTML = firstPaintHtml(parts, language, devices);
    document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
    if (devices.length > 0) {
      const frame = root.querySelector<HTMLElement>('.first-paint');
      if (frame) chooseByName(frame);
      listenForDevices(parts.texts[language].connected);
    }
  } catch {
    // The app's own first render follows in any case.
  }
}
