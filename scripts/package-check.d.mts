// Types of scripts/package-check.mjs, for the tests.

export const RESULTS_FILE: string;
export function printedAddress(output: string): string | undefined;
export function cookiePairs(setCookie: string[] | undefined): string[];
export function visit(
  address: string,
  hops?: number,
): Promise<{ status: number; type: string; body: string; url: URL; cookies: Map<string, string> }>;
export function run(
  command: string,
  args: string[],
  options?: { cwd?: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<{ code: number; out: string; err: string }>;
