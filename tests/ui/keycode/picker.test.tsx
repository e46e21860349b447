// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keycodeByName } from '../../../src/core/keycodes';
import { keytuneSpace } from '../../../src/core/keycode-spaces/keytune';
import { DEFAULT_SPACE, type DeviceSpace } from '../../../src/ui/keycode-space';
import { KeycodePicker } from '../../../src/ui/widgets/keycode-picker/KeycodePicker';
import { renderWithServices } from '../render';

const code = (name: string) => keycodeByName(name)!.code;
const grid = () => screen.getByRole('group');
// Plain DOM queries here: role queries over a few hundred buttons are slow in jsdom.
const gridButtons = () => Array.from(grid().querySelectorAll('button'));
const buttonNames = () => gridButtons().map((b) => b.textContent);

describe('KeycodePicker', () => {
  it('offers the six layer tabs, each filled from the common layers', async () => {
    renderWithServices(<KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} />);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Basic', 'Media', 'System', 'Mouse', 'Lighting', 'Special']);
    expect(screen.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true');
    expect(buttonNames()).toContain('A');
    expect(buttonNames()).not.toContain('LED+');

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Lighting' }));
    expect(buttonNames()).toContain('LED+');
    expect(buttonNames()).not.toContain('A');
    await user.click(screen.getByRole('tab', { name: 'Special' }));
    expect(buttonNames()).toEqual(expect.arrayContaining(['Trns', 'Fn', 'MO(1)', 'None']));
    await user.click(screen.getByRole('tab', { name: 'Mouse' }));
    expect(buttonNames()).toContain('LClick');
    // The DPI keys belong to mice (mouse_adv), not to a keyboard's mouse tab.
    expect(buttonNames()).not.toContain('DPI');
  });

  it('sizes buttons by the entry width and names them by legend and alias', () => {
    renderWithServices(<KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} />);
    const space = screen.getByRole('button', { name: 'Space, Space bar' });
    const a = screen.getByRole('button', { name: 'A, Letter A' });
    expect(parseFloat(space.style.width)).toBeGreaterThan(parseFloat(a.style.width) * 1.9);
  });

  it('hands the picked code to onPick, by mouse and by keyboard', async () => {
    const picked: number[] = [];
    renderWithServices(<KeycodePicker onPick={(c) => picked.push(c)} space={DEFAULT_SPACE} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Esc, Escape' }));
    expect(picked).toEqual([code('Esc')]);

    // One tab stop for the whole grid; arrows move inside it.
    expect(gridButtons().filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'A, Letter A' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(picked).toEqual([code('Esc'), code('C')]);
    await user.keyboard('{ArrowLeft} ');
    expect(picked).toEqual([code('Esc'), code('C'), code('B')]);
    await user.keyboard('{End}');
    expect(gridButtons().at(-1)).toHaveFocus();
  });

  it('searches name or alias case-insensitively across the offered tabs', async () => {
    const picked: number[] = [];
    renderWithServices(<KeycodePicker onPick={(c) => picked.push(c)} space={DEFAULT_SPACE} />);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search key codes' });
    await user.type(search, 'VOLUME');
    expect(buttonNames()).toEqual(['KbVol+', 'KbVol-', 'Vol+', 'Vol-']);
    expect(screen.getByRole('status')).toHaveTextContent('4 matching key codes');
    await user.click(screen.getByRole('button', { name: 'Vol+, Volume Up' }));
    expect(picked).toEqual([code('Vol+')]);

    await user.clear(search);
    await user.type(search, 'pgup');
    expect(buttonNames()).toEqual(['PgUp']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No key code matches “zzz”.');
    expect(screen.queryByRole('group')).toBeNull();

    // Choosing a tab leaves the search.
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    expect(search).toHaveValue('');
    expect(buttonNames()).toContain('Play');
  });

  it('tells the category id of a tab the user opens, not of the tab it opens on', async () => {
    const opened: string[] = [];
    renderWithServices(
      <KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} onCategoryChange={(c) => opened.push(c)} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    await user.click(screen.getByRole('tab', { name: 'Lighting' }));
    expect(opened).toEqual(['extended', 'lighting']);
  });

  it('finds Chinese aliases and speaks Chinese', async () => {
    renderWithServices(<KeycodePicker onPick={() => {}} space={DEFAULT_SPACE} />, { language: 'zh_CN' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '基础',
      '媒体',
      '系统',
      '鼠标',
      '灯光',
      '特殊',
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: '搜索键码' }), '音量');
    expect(screen.getByRole('button', { name: 'Vol+，音量加' })).toBeInTheDocument();
    expect(buttonNames()).toEqual(['Vol+', 'Vol-']);
  });

  it('leaves out of the search entries whose name or alias is not text', async () => {
    const withBlank: DeviceSpace = {
      options: { layers: 4 },
      space: {
        ...keytuneSpace,
        catalogue: () => [
          ...keytuneSpace.catalogue({ layers: 4 }),
          { code: 0x0fff, name: 'Volx', alias: '', alias_zh: '', category: 'basic' },
        ],
      },
    };
    renderWithServices(<KeycodePicker onPick={() => {}} space={withBlank} />);
    expect(buttonNames()).toContain('Volx');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'vol');
    expect(buttonNames()).not.toContain('Volx');
    expect(buttonNames()).toContain('KbVol+');
  });
});
