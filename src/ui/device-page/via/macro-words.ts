/** Macros in words: what each action does, with key names from the keyboard's key-code space. */
import type { ViaMacroAction } from '../../../contract/areas/via';
import { spaceOf, type KeycodeSpaceId } from '../../../core/keycode-spaces';
import type { Translate } from '../../../i18n/translate';

export type MacroKind = ViaMacroAction['kind'];
export const MACRO_KINDS: readonly MacroKind[] = ['text', 'tap', 'down', 'up', 'delay'];

export function keyName(space: KeycodeSpaceId, code: number): string {
  return spaceOf(space).describe(code).name;
}

/** A code as a choice of a list: its legend and what it does ("A — Letter A"), or only the words when it has no legend. */
export function codeChoice(k: { name: string; alias: string; alias_zh: string }, zh: boolean): string {
  const words = zh ? k.alias_zh : k.alias;
  return k.name && k.name !== words ? `${k.name} — ${words}` : words;
}

/** Codes a macro can press: the basic keys (one byte, never 0). */
export function macroKeys(space: KeycodeSpaceId, zh: boolean): { value: number; label: string }[] {
  return spaceOf(space)
    .catalogue({ layers: 1 })
    .filter((k) => k.code >= 1 && k.code <= 0xff)
    .map((k) => ({ value: k.code, label: codeChoice(k, zh) }));
}

export function actionWords(t: Translate, space: KeycodeSpaceId, action: ViaMacroAction): string {
  const verb = t.dynamic(`via.macros.action.${action.kind}`);
  switch (action.kind) {
    case 'text':
      return `${verb} “${action.text.replace(/\n/g, '⏎').replace(/\t/g, '⇥')}”`;
    case 'delay':
      return `${verb} ${t('via.macros.ms', action.ms)}`;
    default:
      return `${verb} ${keyName(space, action.code)}`;
  }
}

export function macroWords(t: Translate, space: KeycodeSpaceId, actions: readonly ViaMacroAction[]): string {
  return actions.length ? actions.map((a) => actionWords(t, space, a)).join(' · ') : t('via.macros.empty');
}

/** The action a new row of that kind starts as. */
export function newAction(kind: MacroKind): ViaMacroAction {
  if (kind === 'text') return { kind, text: '' };
  if (kind === 'delay') return { kind, ms: 100 };
  return { kind, code: 0x04 };
}

/** A problem the keyboard would refuse the action for, as a text id; undefined when it can be written. */
export function actionProblem(action: ViaMacroAction): 'via.macros.textAscii' | 'via.macros.msRange' | undefined {
  if (action.kind === 'text') return /^[\x20-\x7e\t\n]+$/.test(action.text) ? undefined : 'via.macros.textAscii';
  if (action.kind === 'delay')
    return Number.isInteger(action.ms) && action.ms >= 0 && action.ms <= 9999 ? undefined : 'via.macros.msRange';
  return undefined;
}
