// Types of scripts/start.mjs, for the tests.

export const HOST: string;
export const FIRST_PORT: number;
export function canListen(port: number, host?: string): Promise<boolean>;
export function findFreePort(
  first?: number,
  options?: { host?: string; tries?: number; listenable?: (port: number, host: string) => Promise<boolean> },
): Promise<number>;
export function addressOf(port: number, host?: string): string;
export function readyLines(port: number, first?: number): string[];
