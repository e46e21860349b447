// Types of scripts/build-cli.mjs, for the tests.
import type { Metafile } from 'esbuild';

export const ROOT: string;
export const CLI_BUNDLE: string;
export const CLI_LAUNCHER: string;
export function externalPackages(pkg: {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}): string[];
export function buildCli(root?: string, outDir?: string): Promise<Metafile>;
