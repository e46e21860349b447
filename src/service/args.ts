/** Reading call arguments: every value is checked, and a bad one refuses the call with err.args.invalid. */
import type { z } from 'zod';
import { BridgeCallError } from './bridge.ts';

export function invalid(message: string): BridgeCallError {
  return new BridgeCallError('err.args.invalid', message);
}

export function has(args: Map<string, string>, name: string): boolean {
  return args.has(name);
}

export function str(args: Map<string, string>, name: string): string {
  const v = args.get(name);
  if (v === undefined) throw invalid(`--${name} is required`);
  return v;
}

export function int(args: Map<string, string>, name: string, min: number, max: number): number {
  const text = str(args, name).trim();
  const v = Number(text);
  if (text === '' || !Number.isInteger(v) || v < min || v > max)
    throw invalid(`--${name} must be an integer from ${min} to ${max}, got "${text}"`);
  return v;
}

export function num(args: Map<string, string>, name: string, min: number, max: number): number {
  const text = str(args, name).trim();
  const v = Number(text);
  if (text === '' || !Number.isFinite(v) || v < min || v > max)
    throw invalid(`--${name} must be a number from ${min} to ${max}, got "${text}"`);
  return v;
}

export function bool(args: Map<string, string>, name: string): boolean {
  const text = str(args, name).trim().toLowerCase();
  if (['1', 'true'].includes(text)) return true;
  if (['0', 'false'].includes(text)) return false;
  throw invalid(`--${name} must be 0/1 or true/false, got "${text}"`);
}

export function json<T>(args: Map<string, string>, name: string, schema: z.ZodType<T>): T {
  const text = str(args, name);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(`--${name} is not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(`--${name}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  return parsed.data;
}
