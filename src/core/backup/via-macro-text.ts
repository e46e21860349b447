/**
 * A VIA macro as the text its saved layout holds: typed text as it is, with "{" written "\{"; a key tapped "{KC_A}",
 * pressed "{+KC_A}", released "{-KC_A}"; a wait of 100 ms "{100}" (VIA protocol 11 and later); several keys held
 * together "{KC_LCTL,KC_C}" (pressed in order, released in reverse). Key names are those of the keyboard's dictionary
 * (qmk-name-codes.ts); a macro presses basic keys only (one byte each in the macro buffer).
 */
import { BackupFileError } from './parse.ts';
import { codeOfViaName, viaNameOfCode } from './qmk-name-codes.ts';
import type { ViaNumbering } from './qmk-names.ts';

/** QMK reads at most four digits of a wait. */
const MAX_WAIT_MS = 9999;

/** One step of a macro, as the VIA driver reads and writes it (src/drivers/types.ts MacroAction, same shape). */
export type MacroAction =
  { kind: 'text'; text: string } | { kind: 'tap' | 'down' | 'up'; code: number } | { kind: 'delay'; ms: number };

export function macroToViaText(actions: readonly MacroAction[], numbering: ViaNumbering): string {
  return actions
    .map((a) => {
      switch (a.kind) {
        case 'text':
          return a.text.replace(/\{/g, '\\{');
        case 'delay':
          return `{${a.ms}}`;
        case 'tap':
          return `{${viaNameOfCode(a.code, numbering)}}`;
        case 'down':
          return `{+${viaNameOfCode(a.code, numbering)}}`;
        case 'up':
          return `{-${viaNameOfCode(a.code, numbering)}}`;
      }
    })
    .join('');
}

/** Text outside braces, then a brace group, in turn; a "{" after a backslash is text. */
function pieces(text: string): { text?: string; token?: string }[] {
  const out: { text?: string; token?: string }[] = [];
  let plain = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '{' && text[i - 1] !== '\\') {
      const end = text.indexOf('}', i);
      if (end < 0) return [...out, { text: plain }, { token: undefined }];
      if (plain) out.push({ text: plain.replace(/\\\{/g, '{') });
      plain = '';
      out.push({ token: text.slice(i + 1, end) });
      i = end;
    } else plain += c;
  }
  if (plain) out.push({ text: plain.replace(/\\\{/g, '{') });
  return out;
}

/**
 * The actions of one macro's text. `macro` is its number for the messages; `waits` whether the keyboard's protocol
 * plays waits (11 and later).
 */
export function macroFromViaText(text: string, numbering: ViaNumbering, macro: number, waits: boolean): MacroAction[] {
  const m = String(macro);
  const actions: MacroAction[] = [];
  const key = (name: string) => {
    const code = codeOfViaName(name, numbering);
    if (code === undefined || code < 1 || code > 0xff) throw new BackupFileError('viaSaved.err.macroKey', [m, name]);
    return code;
  };
  for (const piece of pieces(text)) {
    if (piece.text !== undefined) {
      if (!/^[\x20-\x7e\t\n]*$/.test(piece.text)) throw new BackupFileError('viaSaved.err.macroText', [m]);
      const last = actions[actions.length - 1];
      if (last?.kind === 'text') last.text += piece.text;
      else if (piece.text) actions.push({ kind: 'text', text: piece.text });
      continue;
    }
    const token = piece.token?.trim();
    if (!token) throw new BackupFileError('viaSaved.err.macroBraces', [m]);
    if (/^\d+$/.test(token)) {
      const ms = Number(token);
      if (!waits) throw new BackupFileError('viaSaved.err.macroWait', [m]);
      if (ms > MAX_WAIT_MS) throw new BackupFileError('viaSaved.err.macroWaitLong', [m, token]);
      actions.push({ kind: 'delay', ms });
      continue;
    }
    const sign = token[0] === '+' || token[0] === '-' ? token[0] : '';
    const names = token
      .slice(sign.length)
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length === 0 || (sign && names.length > 1)) throw new BackupFileError('viaSaved.err.macroBraces', [m]);
    const codes = names.map(key);
    if (sign) actions.push({ kind: sign === '+' ? 'down' : 'up', code: codes[0]! });
    else if (codes.length === 1) actions.push({ kind: 'tap', code: codes[0]! });
    else {
      for (const code of codes) actions.push({ kind: 'down', code });
      for (const code of [...codes].reverse()) actions.push({ kind: 'up', code });
    }
  }
  return actions;
}
