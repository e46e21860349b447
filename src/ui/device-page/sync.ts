/** sync_update: state 1 means the device is writing its flash (changing), 0 that it has written it (changed). */
import type { EventPayloads } from '../../contract/contract';

export type SyncState = 'changing' | 'changed';

export function syncStateOf(update: EventPayloads['sync_update']): SyncState {
  return update.state === 1 ? 'changing' : 'changed';
}
