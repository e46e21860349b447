/**
 * Undo and redo from the keyboard on the device page: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on macOS too). A text
 * field keeps its own undo, and nothing happens while a dialog is open.
 */
import { useEffect } from 'react';

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time']);

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type);
}

function dialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;
}

/** Which shortcut an event is, if any. */
export function shortcutOf(e: KeyboardEvent): 'undo' | 'redo' | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  // The letter as typed, or the key's place where the layout types no Latin letter there.
  const key = /^[a-z]$/i.test(e.key) ? e.key.toLowerCase() : e.code.replace(/^Key/, '').toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return undefined;
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function useHistoryShortcuts(actions: { undo(): void; redo(): void }): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const which = shortcutOf(e);
      if (!which || e.defaultPrevented || inTextField(e.target) || dialogOpen()) return;
      e.preventDefault();
      if (which === 'undo') actions.undo();
      else actions.redo();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions]);
}
