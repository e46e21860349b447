/**
 * The notification options of the Settings tab (spec-2 §2.9 "Notifications: system notice, event info"): whether
 * device events (a keyboard connects, disconnects, has a firmware update) are told as system notifications (the
 * browser's Notification API, permission asked only when the person turns them on) and/or as event info in the app
 * (toasts). Kept in localStorage under NoticeOptions; both channels are off until the person turns one on.
 */
import { create } from 'zustand';

export const NOTICE_EVENTS = ['connected', 'disconnected', 'update'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

export interface NoticeOptions extends Record<NoticeEvent, boolean> {
  /** System notifications (shown only while the browser allows them). */
  system: boolean;
  /** Event info as toasts in the app. */
  inApp: boolean;
}

export const NOTICE_STORAGE_KEY = 'NoticeOptions';
export const DEFAULT_NOTICE_OPTIONS: Readonly<NoticeOptions> = {
  system: false,
  inApp: false,
  connected: true,
  disconnected: true,
  update: true,
};

const KEYS = Object.keys(DEFAULT_NOTICE_OPTIONS) as (keyof NoticeOptions)[];

/** The saved options; a missing, unreadable or partial entry falls back to the defaults field by field. */
export function readNoticeOptions(): NoticeOptions {
  const out = { ...DEFAULT_NOTICE_OPTIONS };
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(NOTICE_STORAGE_KEY) ?? 'null') as unknown;
    if (saved && typeof saved === 'object')
      for (const k of KEYS) {
        const v = (saved as Record<string, unknown>)[k];
        if (typeof v === 'boolean') out[k] = v;
      }
  } catch {
    // Unreadable: the defaults.
  }
  return out;
}

function writeNoticeOptions(options: NoticeOptions): void {
  try {
    globalThis.localStorage?.setItem(NOTICE_STORAGE_KEY, JSON.stringify(options));
  } catch {
    // Storage off: the choice lasts until the page closes.
  }
}

interface NoticeState {
  options: NoticeOptions;
  change(patch: Partial<NoticeOptions>): void;
  /** Reads the saved options again (another window changed them). */
  reload(): void;
}

export const useNoticeStore = create<NoticeState>((set, get) => ({
  options: readNoticeOptions(),
  change(patch) {
    const options = { ...get().options, ...patch };
    writeNoticeOptions(options);
    set({ options });
  },
  reload() {
    set({ options: readNoticeOptions() });
  },
}));

/** What the browser says about system notifications for this page. */
export type NoticePermission = 'unsupported' | 'default' | 'granted' | 'denied';

function api(): typeof Notification | undefined {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : undefined;
}

export function noticePermission(): NoticePermission {
  const n = api();
  return n ? n.permission : 'unsupported';
}

/** Asks the browser once; call it only from the person's own click, as browsers require. */
export async function askNoticePermission(): Promise<NoticePermission> {
  const n = api();
  if (!n) return 'unsupported';
  if (n.permission !== 'default') return n.permission;
  try {
    return await n.requestPermission();
  } catch {
    return noticePermission();
  }
}

/** Shows a system notification when the browser allows it; answers whether one was shown. */
export function showSystemNotice(title: string, body: string, tag: string): boolean {
  const n = api();
  if (!n || n.permission !== 'granted') return false;
  try {
    new n(title, { body, tag });
    return true;
  } catch {
    // Some browsers (Chrome on Android) only notify through a service worker.
    return false;
  }
}
