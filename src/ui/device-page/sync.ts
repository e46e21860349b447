/** sync_update payloads: { path, state } where state 1 means the device is changing and 0 that it has changed. */
export type SyncState = 'changing' | 'changed';

export function parseSyncUpdate(payload: unknown): { path: string; state: SyncState } | undefined {
  const p = Array.isArray(payload) ? payload[0] : payload;
  if (typeof p !== 'object' || p === null) return undefined;
  const { path, state } = p as { path?: unknown; state?: unknown };
  if (typeof path !== 'string') return undefined;
  const n = Number(state);
  if (n === 1) return { path, state: 'changing' };
  if (n === 0) return { path, state: 'changed' };
  return undefined;
}
