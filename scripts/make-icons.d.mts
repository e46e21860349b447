// Types of scripts/make-icons.mjs, for the tests.

export type Shape =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; fill: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; w: number; fill: string };
export const ACCENT: string;
export function shapes(maskable: boolean): Shape[];
export function svgOf(list: Shape[]): string;
export function rasterise(list: Shape[], size: number): Uint8Array;
export function crc32(bytes: Uint8Array): number;
export function encodePng(pixels: Uint8Array, size: number): Buffer;
export function iconFiles(): [string, Buffer][];
