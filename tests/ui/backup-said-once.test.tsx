// @vitest-environment jsdom
/**
 * A refusal the restore dialog shows in its own words is not toasted too, whichever of the service's toast and the
 * call's answer arrives first; once the dialog has closed the same refusal toasts again. Escape closes the dialog at
 * the first press, also with a toast that appeared after it.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { BackupDiff } from '../../src/core/backup/format';
import { RestoreDialog } from '../../src/ui/backup/RestoreDialog';
import { Toasts } from '../../src/ui/toasts/Toasts';
import { pushKeyToast, useToastStore } from '../../src/ui/toasts/store';
import { refusal, renderWithFake } from './backup-fake';

const REFUSED = 'This file is not a Keytune backup. Nothing was changed.';

/** The service's way: its toast of the refusal, and the call's refusal, `toastFirst` saying which comes first. */
function refusedLikeTheService(toastFirst: boolean): Promise<BackupDiff> {
  return new Promise((_, reject) => {
    const toast = () => pushKeyToast('backup.err.notBackup');
    const refuse = () => reject(refusal('backup.err.notBackup'));
    setTimeout(toastFirst ? toast : refuse, 5);
    setTimeout(toastFirst ? refuse : toast, 15);
  });
}

function openDialog(diff: BackupDiff | Promise<BackupDiff>) {
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <>
        {open && <RestoreDialog device={device} backupText="{}" source="bad.json" onClose={() => setOpen(false)} />}
        <Toasts />
      </>
    );
  }
  let device!: Parameters<typeof RestoreDialog>[0]['device'];
  return renderWithFake(
    (d) => {
      device = d;
      return <Host />;
    },
    { diff },
  );
}

const toasts = () => document.querySelectorAll('.toast').length;

afterEach(() => act(() => useToastStore.setState({ toasts: [] })));

describe('a refusal shown in the restore dialog', () => {
  for (const toastFirst of [true, false]) {
    it(`is said once, in the dialog (${toastFirst ? 'toast before answer' : 'answer before toast'})`, async () => {
      openDialog(refusedLikeTheService(toastFirst));
      expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
      await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
      expect(screen.getAllByText(REFUSED)).toHaveLength(1);
      expect(toasts()).toBe(0);
      expect(useToastStore.getState().toasts).toEqual([]);
    });
  }

  it('toasts again once the dialog has closed, and other toasts wait for the answer only', async () => {
    const user = userEvent.setup();
    openDialog(refusedLikeTheService(true));
    act(() => pushKeyToast('copy.done'));
    await screen.findByRole('alert');
    await waitFor(() => expect(toasts()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => pushKeyToast('backup.err.notBackup'));
    expect(screen.getByText(REFUSED)).toBeInTheDocument();
    expect(toasts()).toBe(2);
  });

  it('closes at the first Escape, also when a toast appeared after the dialog', async () => {
    const user = userEvent.setup();
    openDialog(refusedLikeTheService(false));
    await screen.findByRole('alert');
    act(() => pushKeyToast('copy.done'));
    await waitFor(() => expect(toasts()).toBe(1));
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The toast was not the one closed.
    expect(toasts()).toBe(1);
  });
});
