/**
 * How one call of the contract is declared: channel, function, the zod schema of its named arguments and the type of
 * its answer. Everything else (handler registration, argument parsing, the typed client, the docs' call tables)
 * derives from these declarations.
 */
import { z } from 'zod';
import { BridgeCallError } from './bridge.ts';
import { isPrototypeName, type DecodedArgs } from './codec.ts';

export type Channel = 'app_info' | 'dev_info' | 'cfg_info' | 'dev_event';

export interface CallDef<Shape extends z.ZodRawShape = z.ZodRawShape, Answer = unknown> {
  readonly channel: Channel;
  readonly func: string;
  readonly args: z.ZodObject<Shape, z.core.$strict>;
  /** Name of the argument a lone positional value fills (`show_loading ["1"]`). */
  readonly positional?: string;
  /** True when calls naming the same device may run while another of its calls is in progress (key presses). */
  readonly concurrent?: boolean;
  /** One line for the docs' call table. */
  readonly doc: string;
  /** Name of the answer's type, for the docs' call table. */
  readonly answerName: string;
  /** Carries the answer's type; never read at run time. */
  readonly answer?: Answer;
}

/** Declares a call. The answer type is given explicitly: `call<KeyValueInfo>()('dev_info', 'get_key_value_info', …)`. */
export function call<Answer>() {
  return <Shape extends z.ZodRawShape>(
    channel: Channel,
    func: string,
    shape: Shape,
    meta: { doc: string; answer: string; positional?: string; concurrent?: boolean },
  ): CallDef<Shape, Answer> => ({
    channel,
    func,
    args: z.strictObject(shape),
    doc: meta.doc,
    answerName: meta.answer,
    ...(meta.positional !== undefined ? { positional: meta.positional } : {}),
    ...(meta.concurrent ? { concurrent: true } : {}),
  });
}

/** What the client passes. */
export type ArgsIn<D> = D extends CallDef<infer S> ? z.input<z.ZodObject<S, z.core.$strict>> : never;
/** What the handler receives, parsed and with defaults applied. */
export type ArgsOut<D> = D extends CallDef<infer S> ? z.output<z.ZodObject<S, z.core.$strict>> : never;
export type AnswerOf<D> = D extends CallDef<z.ZodRawShape, infer A> ? A : never;

function invalid(message: string): BridgeCallError {
  return new BridgeCallError('err.args.invalid', message);
}

/** A value as text is taken as the field's string when the field accepts it, else as JSON. */
function fieldValue(field: z.ZodType, text: string): unknown {
  if (field.safeParse(text).success) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Parses decoded arguments against a call's schema; any mismatch refuses the call with `err.args.invalid`. */
export function parseCallArgs<D extends CallDef>(def: D, decoded: DecodedArgs): ArgsOut<D> {
  const shape = def.args.shape as Record<string, z.ZodType>;
  /** The schema's own field of that name; never a member of Object.prototype (`constructor`, `__proto__`, …). */
  const fieldOf = (name: string): z.ZodType | undefined =>
    !isPrototypeName(name) && Object.hasOwn(shape, name) ? shape[name] : undefined;
  // No prototype: a name can only ever set a property of its own.
  const input: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, text] of decoded.named) {
    const field = fieldOf(name);
    if (!field) throw invalid(`${def.channel} ${def.func} takes no --${name}`);
    input[name] = fieldValue(field, text);
  }
  if (decoded.positional.length > 0) {
    const name = def.positional;
    const field = name === undefined ? undefined : fieldOf(name);
    if (name === undefined || !field || decoded.positional.length > 1 || Object.hasOwn(input, name))
      throw invalid(`${def.channel} ${def.func}: unexpected value "${decoded.positional[0]}"`);
    input[name] = fieldValue(field, decoded.positional[0]!);
  }
  const parsed = def.args.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `--${issue.path.join('.')}` : `${def.channel} ${def.func}`;
    throw invalid(`${where}: ${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data as ArgsOut<D>;
}

// Field schemas the areas share. Values arrive as text or JSON; these accept what a person would type on a command
// line too (`--light_switch 1`).

/** A device path. */
export const path = z.string().min(1);
/** 0/1/true/false as a boolean. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
/** An integer within bounds. */
export const int = (min: number, max: number) => z.number().int().min(min).max(max);
/** A finite number within bounds. */
export const num = (min: number, max: number) => z.number().min(min).max(max);

/**
 * The largest key id a call may name: a ceiling over every family's boards (VIA numbers keys row × columns + column).
 * Each device's own key count is checked by the service.
 */
export const MAX_KEY_ID = 1023;
