// @vitest-environment jsdom
/**
 * The backup menu: Back up… saves the service's backup as a .json file named after the model and date; Restore from
 * file… reads the chosen file and shows its diff; Restore points… lists the kept points newest first with their date
 * and reason in words, and choosing one shows what restoring it would change. Operable by keyboard alone, focus back
 * on the menu's button when a dialog closes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RestorePointInfo } from '../../src/core/backup/format';
import { backupUiZh } from '../../src/i18n/sections/backup-ui';
import { BackupMenu } from '../../src/ui/backup/BackupMenu';
import { backupFileName } from '../../src/ui/backup/save-backup';
import { useToastStore } from '../../src/ui/toasts/store';
import { renderWithFake, sampleBackup, type FakeBackupService } from './backup-fake';
import { serviceDoes } from './render';

/** What the page saved through the browser's download: file name and text. */
const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../src/ui/device-page/themes/download', () => ({
  downloadText: (name: string, text: string) => saved.push({ name, text }),
}));

const DIFF = {
  lines: [{ area: 'keymap', profile: 0, id: 'backup.keymap.cell', args: ['', '1', 'A', 'F13', 'A'] }],
  unheld: [],
};

function renderMenu(fake: FakeBackupService, language: 'en_US' | 'zh_CN' = 'en_US') {
  saved.length = 0;
  return renderWithFake((device) => <BackupMenu device={device} />, fake, language);
}

async function choose(item: RegExp | string) {
  await userEvent.click(screen.getByRole('button', { name: 'Backup and restore of Made68Pro' }));
  await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: item }));
}

describe('backing up', () => {
  it('saves the whole keyboard as a .json file named after the model and date', async () => {
    const backup = sampleBackup('2026-11-26T10:02:03.456Z');
    const { callsTo, device } = renderMenu({ backup });
    await choose('Back up…');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo('getBackup')).toEqual([{ path: device.path }]);
    expect(saved[0]!.name).toBe('keytune-backup-Made68Pro-20261126-100203.json');
    expect(JSON.parse(saved[0]!.text)).toEqual(backup);
    expect(useToastStore.getState().toasts.map((t) => t.args)).toContain(saved[0]!.name);
  });

  it('names files of models with spaces and odd characters safely', () => {
    const backup = sampleBackup('2026-01-02T03:04:05Z');
    backup.device.displayName = 'HE60 / Pro';
    expect(backupFileName(backup)).toBe('keytune-backup-HE60_Pro-20260102-030405.json');
  });
});

describe('restoring from a file', () => {
  it('reads the chosen file and shows what it would change', async () => {
    const text = JSON.stringify(sampleBackup());
    const { callsTo, device } = renderMenu({ diff: DIFF });
    await choose('Restore from file…');
    await serviceDoes(async () => {
      fireEvent.change(screen.getByTestId('backup-open-file'), {
        target: { files: [new File([text], 'made68pro.json')] },
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Restore Made68Pro' });
    expect(await within(dialog).findByText('Layer 1, key A: F13 -> A')).toBeInTheDocument();
    expect(within(dialog).getByText('From: made68pro.json')).toBeInTheDocument();
    expect(callsTo('diffBackup')).toEqual([{ path: device.path, backup: text }]);
    // Escape closes it and gives focus back to the menu's button.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Backup and restore of Made68Pro' })).toHaveFocus();
  });
});

describe('restore points', () => {
  const points: RestorePointInfo[] = [
    { id: 'old', created: '2026-11-20T08:00:00Z', reason: 'firmware-update' },
    { id: 'new', created: '2026-11-26T10:02:00Z', reason: 'restore' },
    { id: 'mid', created: '2026-11-24T12:30:00Z', reason: 'factory-reset' },
  ];

  it('lists them newest first with date and reason, and a chosen one opens its diff', async () => {
    const point = sampleBackup('2026-11-26T10:02:00Z');
    const { callsTo, device } = renderMenu({ points, point, diff: DIFF });
    await choose('Restore points…');
    const list = await screen.findByRole('list', { name: 'Restore points, newest first' });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^Nov 26, 2026.*Before a restore$/),
      expect.stringMatching(/^Nov 24, 2026.*Before a factory reset$/),
      expect.stringMatching(/^Nov 20, 2026.*Before a firmware update$/),
    ]);
    // Focus is on the newest; arrow keys move down the list.
    expect(items[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Restore Made68Pro' });
    expect(callsTo('getRestorePoint')).toEqual([{ path: device.path, id: 'new' }]);
    expect(within(dialog).getByText(/^From: Restore point of Nov 26, 2026/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Layer 1, key A: F13 -> A')).toBeInTheDocument();
    expect(callsTo('diffBackup')).toEqual([{ path: device.path, backup: JSON.stringify(point) }]);
  });

  it('says so when there are none, in Chinese too', async () => {
    renderMenu({ points: [] }, 'zh_CN');
    await userEvent.click(screen.getByRole('button', { name: 'Made68Pro 的备份与恢复' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: backupUiZh['backupUi.restorePoints'] }),
    );
    expect(await screen.findByText(backupUiZh['backupUi.points.none'])).toBeInTheDocument();
  });

  it('the menu works by keyboard alone', async () => {
    renderMenu({ points });
    screen.getByRole('button', { name: 'Backup and restore of Made68Pro' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Back up…' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Restore points…' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Restore points of Made68Pro' })).toBeInTheDocument();
  });
});
