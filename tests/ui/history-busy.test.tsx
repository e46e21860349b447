// @vitest-environment jsdom
/**
 * While an undo, redo or history jump runs, the control that started it is busy (aria-busy and a spinner) and the
 * header's sync state says the keyboard is being written, not "Synced", until the step has been taken.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'zustand/vanilla';
import type { DiffLine, KeyboardBackup } from '../../src/core/backup/format';
import '../../src/ui/device-page/family-texts';
import { SyncText } from '../../src/ui/device-page/SyncText';
import type { DeviceHistory, HistoryEntry, HistoryState } from '../../src/ui/history/history';
import { HistoryControls } from '../../src/ui/history/HistoryControls';
import { renderWithServices } from './render';

const PATH = 'virtual:busy';

/** A history of two steps, at the first, whose moves run until the test lets them end. */
function heldHistory() {
  const entry = { lines: [] as DiffLine[], before: {} as KeyboardBackup, after: {} as KeyboardBackup } as HistoryEntry;
  const store = createStore<HistoryState>(() => ({
    entries: [entry, entry],
    position: 1,
    moving: false,
    recording: false,
    conflict: false,
  }));
  let finish: () => void = () => undefined;
  const move = (to: number) => async () => {
    store.setState({ moving: true });
    await new Promise<void>((resolve) => (finish = resolve));
    store.setState({ moving: false, position: to });
  };
  const history = { path: PATH, store, undo: move(0), redo: move(2), jumpTo: (n: number) => move(n)() };
  return { history: history as unknown as DeviceHistory, end: () => act(async () => finish()) };
}

function renderHeader(language: 'en_US' | 'zh_CN' = 'en_US') {
  const held = heldHistory();
  const rendered = renderWithServices(
    <header>
      <SyncText path={PATH} history={held.history} />
      <HistoryControls history={held.history} />
    </header>,
    { language },
  );
  const sync = () => rendered.container.querySelector('.sync-text')!;
  return { ...held, sync };
}

describe('busy undo and redo', () => {
  it('shows the running undo as busy and the sync state as writing until it ends', async () => {
    const { end, sync } = renderHeader();
    const user = userEvent.setup();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).not.toHaveAttribute('aria-busy');
    expect(sync()).toHaveTextContent('');

    await user.click(undo);
    expect(undo).toHaveAttribute('aria-busy', 'true');
    expect(undo.querySelector('.spinner')).not.toBeNull();
    expect(redo).not.toHaveAttribute('aria-busy');
    expect(redo).toHaveAttribute('aria-disabled', 'true');
    expect(sync()).toHaveTextContent('Syncing…');
    expect(sync()).not.toHaveTextContent('Synced');

    await end();
    expect(undo).not.toHaveAttribute('aria-busy');
    expect(undo.querySelector('.spinner')).toBeNull();
    expect(sync()).not.toHaveTextContent('Syncing…');
  });

  it('shows the running redo, started by its shortcut, as busy', async () => {
    const { end, sync } = renderHeader();
    const user = userEvent.setup();
    await user.keyboard('{Control>}y{/Control}');
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(redo).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Undo' })).not.toHaveAttribute('aria-busy');
    expect(sync()).toHaveTextContent('Syncing…');
    await end();
    expect(redo).not.toHaveAttribute('aria-busy');
  });

  it('in Chinese, the sync state says it is writing while a step runs', async () => {
    const { sync, end } = renderHeader('zh_CN');
    expect(sync()).toHaveTextContent('');
    await userEvent.setup().click(screen.getByRole('button', { name: '撤销' }));
    expect(screen.getByRole('button', { name: '撤销' })).toHaveAttribute('aria-busy', 'true');
    expect(sync()).toHaveTextContent('同步中…');
    expect(sync()).toHaveAttribute('data-sync', 'changing');
    await end();
    expect(sync()).toHaveAttribute('data-sync', 'none');
  });
});
