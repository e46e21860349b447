/**
 * The sync state in the device page's header: "Syncing…" while the keyboard writes its flash (sync_update) and while
 * an undo, redo or history jump is still writing, "Synced" once the keyboard has stored what it was given. A family
 * that reports no flash writes shows nothing but the running undo or redo.
 */
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useT } from '../../i18n/store';
import type { DeviceHistory } from '../history/history';
import { useServices } from '../services';
import { syncStateOf, type SyncState } from './sync';

/** A device without a history (no keys) never moves. */
const NOT_MOVING = createStore(() => ({ moving: false }));

export function SyncText({ path, history }: { path: string; history?: DeviceHistory | undefined }) {
  const t = useT();
  const { client } = useServices();
  const [reported, setReported] = useState<SyncState | undefined>(undefined);
  const moving = useStore(history?.store ?? NOT_MOVING, (s) => s.moving);
  useEffect(
    () =>
      client.on('sync_update', (update) => {
        if (update.path === path) setReported(syncStateOf(update));
      }),
    [client, path],
  );
  const state: SyncState | undefined = moving ? 'changing' : reported;
  return (
    <span className={`sync-text ${state ? `sync-text--${state}` : ''}`} role="status" data-sync={state ?? 'none'}>
      {state === 'changing' ? t('sync.changing') : state === 'changed' ? t('sync.changed') : ''}
    </span>
  );
}
