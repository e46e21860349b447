/** How the tester writes key names and times, in the active language. */
import type { ToolsT } from '../texts';
import { keyNameOf } from './key-names';
import type { KeySource } from './tester-log';

export function keyTitle(key: KeySource, tt: ToolsT): string {
  if (key.kind === 'device') return tt('tester.key.device', key.name || '?', key.keyId);
  return codeTitle(key.code, tt);
}

export function codeTitle(code: string, tt: ToolsT): string {
  const name = keyNameOf(code);
  if (name.numpad) return tt('tester.key.numpad', name.legend);
  if (name.side === 'left') return tt('tester.key.left', name.legend);
  if (name.side === 'right') return tt('tester.key.right', name.legend);
  return name.legend;
}

/** Milliseconds to 0.01 ms: the browser's event times are 0.1 ms or finer. */
export function formatMs(ms: number, tt: ToolsT): string {
  return tt('tester.ms', ms.toFixed(2));
}

export function formatSeconds(ms: number, tt: ToolsT): string {
  return tt('tester.s', (ms / 1000).toFixed(4));
}
