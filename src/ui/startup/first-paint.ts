/**
 * The first frame, before any of the app's script has loaded: the shell (side rail, content area) and, when the page
 * can know them, the devices it is about to list, drawn as "connecting" cards. index.html runs this as an inline
 * script (scripts/first-paint-plugin.ts compiles it, with the parts rendered at build time by first-paint-parts.tsx),
 * so a person sees the app's frame and their devices at the speed of a static page. The app's first render replaces
 * it all; until then nothing in it can be clicked or focused, and screen readers hear only that the page is loading.
 *
 * The devices shown are the ones the app listed on the last visit (names and types only, kept by
 * remembered-devices.ts) and the virtual keyboards the address asks for (`?virtual=made68pro@1.3.7`). Nothing read
 * from a device (firmware version, battery, connection) is shown before the device has answered.
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
  const cards = devices
    .map((d) => {
      const art = parts.art[String(d.type)] ?? parts.art['2'] ?? '';
      const type = t.types[String(d.type)] ?? '';
      return (
        `<li><article class="device-card device-card--preview" data-online="false">` +
        `<div class="device-card__art">${art}</div>` +
        `<div class="device-card__body"><h3 class="device-card__name"><span class="device-card__open">` +
        `${escapeHtml(d.name)}</span></h3><p class="device-card__meta"><span class="status-dot" aria-hidden="true">` +
        `</span><span>${escapeHtml(t.connecting)}</span>${type ? `<span>·</span><span>${escapeHtml(type)}</span>` : ''}` +
        `</p></div></article></li>`
      );
    })
    .join('');
  const screen = cards
    ? `<section class="device-list"><header class="page-header"><h1 class="page-header__title">` +
      `${escapeHtml(t.title)}</h1></header><ul class="device-grid">${cards}</ul></section>`
    : `<div class="boot-spinner"></div>`;
  return (
    `<div class="app first-paint" data-desktop="false" aria-hidden="true" inert>` +
    `<div class="app__body">${t.rail}<main class="content"><div class="content__screen">${screen}</div></main></div>` +
    `</div><p class="sr-only" role="status">${escapeHtml(t.loading)}</p>`
  );
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
    root.innerHTML = firstPaintHtml(parts, language, previewDevices(remembered, location.search, parts.models));
    document.documentElement.lang = language === 'zh_CN' ? 'zh-CN' : 'en';
  } catch {
    // The app's own first render follows in any case.
  }
}
