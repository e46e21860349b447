/**
 * The page's warnings and errors, kept for bug reports: the last 200 of console.warn, console.error, uncaught errors
 * and unhandled rejections, each passed on as before. Installed once, as early as the page allows; what happened
 * before that is not kept.
 */
import type { ReportMessage } from '../contract/areas/report';

export const PAGE_MESSAGE_LIMIT = 200;

const kept: ReportMessage[] = [];
let installed = false;

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function keep(level: ReportMessage['level'], values: readonly unknown[]): void {
  kept.push({
    where: 'page',
    level,
    time: new Date().toISOString(),
    text: values.map(describe).join(' ').slice(0, 2000),
  });
  if (kept.length > PAGE_MESSAGE_LIMIT) kept.splice(0, kept.length - PAGE_MESSAGE_LIMIT);
}

export function installConsoleLog(): void {
  if (installed) return;
  installed = true;
  for (const level of ['warn', 'error'] as const) {
    const original = console[level];
    console[level] = (...values: unknown[]) => {
      keep(level, values);
      original.apply(console, values);
    };
  }
  if (typeof window === 'undefined') return;
  window.addEventListener('error', (e) => keep('error', [e.error ?? e.message]));
  window.addEventListener('unhandledrejection', (e) => keep('error', ['unhandled rejection:', e.reason]));
}

/** The kept messages, oldest first. */
export function pageMessages(): ReportMessage[] {
  return [...kept];
}
