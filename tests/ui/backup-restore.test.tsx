// @vitest-environment jsdom
/**
 * The restore dialog: the service's diff shown grouped by area with a count per area and one line per change in
 * both languages, what the keyboard cannot hold listed apart, an empty diff saying so with no Restore, a refusal shown
 * in the service's words with nothing restored, and Restore applying the backup once as a 'restore'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackupDiff, DiffLine } from '../../src/core/backup/format';
import { backupEn, backupZh } from '../../src/i18n/sections/backup';
import { backupUiEn, backupUiZh } from '../../src/i18n/sections/backup-ui';
import { RestoreDialog } from '../../src/ui/backup/RestoreDialog';
import { refusal, renderWithFake, type FakeBackupService } from './backup-fake';

const TEXT = '{"format":"keytune-backup"}';

const keyCell = (key: string, from: string, to: string): DiffLine => ({
  area: 'keymap',
  profile: 0,
  id: 'backup.keymap.cell',
  args: ['', '1', key, from, to],
});

const DIFF: BackupDiff = {
  lines: [
    keyCell('A', 'F13', 'A'),
    {
      area: 'performance',
      profile: 0,
      id: 'backup.perf.keysMm',
      args: ['', 'backup.field.actuationMm', '12', '1.20', '0.80'],
    },
    keyCell('B', 'F14', 'B'),
    { area: 'objects', id: 'backup.object.value', args: ['backup.object.lighting', '2', '4'] },
  ],
  unheld: ['layer:5'],
};

function openDialog(fake: FakeBackupService, language: 'en_US' | 'zh_CN' = 'en_US') {
  const onClose = vi.fn();
  const view = renderWithFake(
    (device) => <RestoreDialog device={device} backupText={TEXT} source="made68pro.json" onClose={onClose} />,
    fake,
    language,
  );
  return { ...view, onClose };
}

const area = (name: string) => document.querySelector<HTMLElement>(`[data-area="${name}"]`)!;

describe('the restore dialog', () => {
  it('asks for the diff of the text it was given and shows it grouped by area, with counts', async () => {
    const { callsTo, device } = openDialog({ diff: DIFF });
    expect(screen.getByText(backupUiEn['backupUi.restore.loading'])).toBeInTheDocument();
    expect(await screen.findByText('Layer 1, key A: F13 -> A')).toBeInTheDocument();
    expect(callsTo('diffBackup')).toEqual([{ path: device.path, backup: TEXT }]);
    expect(screen.getByText('From: made68pro.json')).toBeInTheDocument();
    expect(screen.getByText('4 changes will be made:')).toBeInTheDocument();

    const keymap = area('keymap');
    expect(within(keymap).getByRole('heading')).toHaveTextContent('Key map2 changes');
    expect(
      within(keymap)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Layer 1, key A: F13 -> A', 'Layer 1, key B: F14 -> B']);
    expect(within(area('performance')).getByRole('listitem')).toHaveTextContent('Trigger on 12 keys: 1.20 -> 0.80 mm');
    // An object's lines go under the part of the keyboard it is.
    expect(within(area('lighting')).getByRole('heading')).toHaveTextContent('Lighting1 change');
    // Key map first, then performance, then lighting, then what the keyboard cannot hold.
    const order = [...document.querySelectorAll('[data-area]')].map((s) => s.getAttribute('data-area'));
    expect(order).toEqual(['keymap', 'performance', 'lighting', 'unheld']);
    expect(within(area('unheld')).getByRole('heading')).toHaveTextContent(backupUiEn['backupUi.restore.unheld']);
    expect(within(area('unheld')).getByRole('listitem')).toHaveTextContent(
      backupEn['backup.unheld.layer'].replace('{0}', '5'),
    );
    // With something to restore, focus waits on Restore.
    expect(screen.getByRole('button', { name: 'Restore' })).toHaveFocus();
  });

  it('words the diff in Chinese', async () => {
    openDialog({ diff: DIFF }, 'zh_CN');
    const cell = backupZh['backup.keymap.cell'].replace('{0}', '1').replace('{1}', 'A').replace('{2}', 'F13');
    expect(await screen.findByText(cell.replace('{3}', 'A'))).toBeInTheDocument();
    expect(within(area('keymap')).getByRole('heading')).toHaveTextContent(
      `${backupUiZh['backupUi.area.keymap']}2 项更改`,
    );
    expect(screen.getByRole('button', { name: backupUiZh['backupUi.restore.apply'] })).toBeInTheDocument();
  });

  it('says the keyboard already holds an unchanged backup and offers no Restore', async () => {
    const { callsTo } = openDialog({ diff: { lines: [], unheld: [] } });
    expect(await screen.findByText(backupUiEn['backupUi.restore.same'])).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(screen.queryByRole('region', { name: backupUiEn['backupUi.restore.list'] })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    expect(callsTo('restoreBackup')).toEqual([]);
  });

  it('shows a refusal in the service’s words and restores nothing', async () => {
    const { callsTo } = openDialog({ diff: refusal('backup.err.model', 'cyber01', 'made68pro') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This backup was made on another model (cyber01); this keyboard is made68pro. Nothing was changed.',
    );
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(callsTo('restoreBackup')).toEqual([]);
  });

  it('restores once, as a restore, and says a restore point was kept', async () => {
    let finish: (value: {
      applied: DiffLine[];
      restorePoint: { id: string; created: string; reason: 'restore' };
    }) => void;
    const restore = new Promise<Parameters<typeof finish>[0]>((resolve) => (finish = resolve));
    const { callsTo, device, onClose } = openDialog({ diff: DIFF, restore });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(screen.getByText(backupUiEn['backupUi.restore.running'])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    // A second press while it runs restores nothing more.
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    finish!({ applied: DIFF.lines, restorePoint: { id: 'p1', created: '2026-11-26T10:02:00Z', reason: 'restore' } });
    expect(await screen.findByText(backupUiEn['backupUi.restore.done'])).toBeInTheDocument();
    expect(callsTo('restoreBackup')).toEqual([{ path: device.path, backup: TEXT, reason: 'restore' }]);
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names what did not take when the restore is refused part-way', async () => {
    openDialog({ diff: DIFF, restore: refusal('backup.err.noPoint') });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(backupUiEn['backupUi.restore.notTaken']);
    expect(alert).toHaveTextContent(backupEn['backup.err.noPoint']);
    expect(screen.queryByText(backupUiEn['backupUi.restore.done'])).toBeNull();
  });

  it('closes on Escape', async () => {
    const { onClose } = openDialog({ diff: DIFF });
    await screen.findByText('Layer 1, key A: F13 -> A');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
