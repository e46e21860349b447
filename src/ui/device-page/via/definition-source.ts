/**
 * A source of published VIA definitions, asked by vendor and product id, for people who are online. Off unless the
 * person gives an address (kept in localStorage); the app never needs the network. The address may name the ids:
 * {vid} and {pid} (four hex digits), {vpid} (vendor × 65536 + product, the number VIA's published files are named
 * by); an address without any of them gets "/{vpid}.json" appended.
 */

import type { Translate } from '../../../i18n/translate';

const STORAGE_KEY = 'keytune.via.definitionSource';

/** The service refuses larger text before reading it; the file is not even read. */
const MAX_DEFINITION_BYTES = 1_000_000;

/** The text of one definition file a person gave (dropped or chosen), or why it is not read, in their language. */
export async function definitionFileText(
  files: FileList | null,
  t: Translate,
): Promise<{ content: string } | { refused: string }> {
  if (!files || files.length !== 1) return { refused: t('via.need.oneFile') };
  const file = files[0]!;
  if (file.size > MAX_DEFINITION_BYTES) return { refused: t('via.definition.tooLarge') };
  return { content: await file.text() };
}
export const SOURCE_PLACEHOLDERS = ['{vid}', '{pid}', '{vpid}'] as const;

export function savedSource(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveSource(address: string): void {
  try {
    if (address.trim()) localStorage.setItem(STORAGE_KEY, address.trim());
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private windows): the address then lasts while the page is open.
  }
}

const hex4 = (v: number) => v.toString(16).toUpperCase().padStart(4, '0');

/** The address asked for one keyboard; undefined when the address is not an http(s) URL. */
export function definitionUrl(address: string, vendorId: number, productId: number): string | undefined {
  const base = address.trim();
  if (!base) return undefined;
  const template = SOURCE_PLACEHOLDERS.some((p) => base.includes(p)) ? base : `${base.replace(/\/+$/, '')}/{vpid}.json`;
  const url = template
    .replaceAll('{vid}', hex4(vendorId))
    .replaceAll('{pid}', hex4(productId))
    .replaceAll('{vpid}', String(vendorId * 65536 + productId));
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Fetches a definition's text; a failure says why in its message (status or network). */
export async function fetchDefinition(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}
