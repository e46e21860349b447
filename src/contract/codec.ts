/**
 * The `--name value` argument codec of the bridge contract, in one place. The typed client encodes with it, the
 * service decodes with it, and `decode(encode(x))` gives back every value, including strings that begin with `--`.
 *
 * Encoding: every named value becomes the pair `--name`, text; a string is sent as it is, anything else as JSON.
 * Decoding is strict about pairs: a token that begins with `--` names an argument and the token after it is its value
 * whatever it looks like (so a theme named "--Pro" survives). Tokens that are not in a name position are positional
 * (the spec's `show_loading ["1"]`). Which type a value has is decided later, by the call's schema (see define.ts).
 */
import { BridgeCallError } from './bridge.ts';

/** Builds the argument list of a call. Undefined values are left out. */
export function encodeArgs(named: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(named)) {
    if (value === undefined) continue;
    out.push(`--${name}`, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

export interface DecodedArgs {
  named: Map<string, string>;
  positional: string[];
}

/**
 * Names every plain object answers to (`__proto__`, `constructor`, `toString`, …). No call takes one, and a name that
 * reached `object[name]` would find the prototype's member instead of an argument, so they are refused outright.
 */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** True for a name that no argument, method or table entry may have: a member of every plain object. */
export function isPrototypeName(name: string): boolean {
  return PROTOTYPE_NAMES.has(name);
}

function refuse(message: string): BridgeCallError {
  return new BridgeCallError('err.args.invalid', message);
}

/**
 * Reads an argument list as it arrived over a bridge. Anything but an array of strings, a name given twice, a name
 * with no value after it or a name of Object.prototype refuses the call with `err.args.invalid`: the caller made the
 * mistake, not the keyboard.
 */
export function decodeArgs(list: unknown): DecodedArgs {
  if (!Array.isArray(list)) throw refuse('the arguments must be a list of strings');
  const named = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const token: unknown = list[i];
    if (typeof token !== 'string')
      throw refuse(`argument ${i + 1} is ${token === null ? 'null' : typeof token}, not a string`);
    if (!token.startsWith('--')) {
      positional.push(token);
      continue;
    }
    const name = token.slice(2);
    if (name === '') throw refuse(`argument ${i + 1} is "--" without a name`);
    if (isPrototypeName(name)) throw refuse(`--${name} is not an argument of any call`);
    if (i + 1 >= list.length) throw refuse(`--${name} has no value`);
    const value: unknown = list[i + 1];
    if (typeof value !== 'string') throw refuse(`the value of --${name} is not a string`);
    if (named.has(name)) throw refuse(`--${name} is given twice`);
    named.set(name, value);
    i++;
  }
  return { named, positional };
}
