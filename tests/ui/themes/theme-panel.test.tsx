// @vitest-environment jsdom
/**
 * The theme slots panel on a virtual keyboard: slots numbered from 1, switching under the loading overlay with the
 * open tab's data read again, the refusal of models that switch with their own button, rename with limit style 2,
 * export to `<name>.mgscene` and import of .mgscene files only.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsEn, settingsZh } from '../../../src/i18n/sections/settings';
import type { DeviceTabId } from '../../../src/core/device-tabs';
import { LoadingOverlay } from '../../../src/ui/device-page/LoadingOverlay';
import { ThemePanel } from '../../../src/ui/device-page/themes/ThemePanel';
import { useLoadingStore } from '../../../src/ui/loading-store';
import { useToastStore } from '../../../src/ui/toasts/store';
import type { Language } from '../../../src/i18n/translate';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

async function openPanel(model = 'Made68Pro', tab: DeviceTabId = '3', language: Language = 'en_US') {
  const host = testHost({}, { timeoutMs: 500 });
  const path = await host.live.addVirtual(model, { fwVer: '1.4.2' });
  const rendered = renderWithServices(
    <>
      <ThemePanel path={path} tab={tab} />
      <LoadingOverlay />
    </>,
    { host, language },
  );
  await screen.findByRole('button', { name: /^1\. / });
  const client = host.live.client;
  return { host, path, rendered, themes: () => client.getThemeInfo({ path }) };
}

const slot = (n: number) => screen.getByRole('button', { name: new RegExp(`^${n}\\. `) });
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

async function menuItem(
  n: number,
  item: 'themes.rename' | 'themes.export' | 'themes.import',
  texts: Readonly<Record<keyof typeof settingsEn, string>> = settingsEn,
) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: texts['themes.menu'].replace('{0}', String(n)) }));
  const menu = await screen.findByRole('menu');
  await user.click(within(menu).getByRole('menuitem', { name: texts[item] }));
}

/** Captures what the page downloads: file name and text. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${n++}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return files;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the theme slots', () => {
  it('lists the slots numbered from 1 with the current one pressed', async () => {
    const { themes } = await openPanel();
    const info = await themes();
    const buttons = within(screen.getByRole('list', { name: settingsEn['themes.list'] })).getAllByRole('button', {
      name: /^\d\. /,
    });
    expect(buttons.map((b) => b.textContent)).toEqual(info.theme_info_list.map((name, i) => `${i + 1}. ${name}`));
    expect(slot(info.theme_mode + 1)).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['3', 'get_key_perf_info'],
    ['4', 'get_setting_data'],
    ['1', 'get_key_color_info'],
    ['0', 'get_key_func_info'],
  ] as const)('switching on tab %s shows loading, then reads %s and the key values again', async (tab, read) => {
    const { host, path, themes } = await openPanel('Made68Pro', tab);
    const before = host.live.calls.length;
    const loading: boolean[] = [];
    const off = useLoadingStore.subscribe((s) => loading.push(s.visible));
    await userEvent.click(slot(2));
    await waitFor(() => expect(slot(2)).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(useLoadingStore.getState().visible).toBe(false));
    off();
    expect(loading[0]).toBe(true);
    expect((await themes()).theme_mode).toBe(1);
    const names = host.live.calls.slice(before).map((c) => c.func);
    expect(names.slice(0, 3)).toEqual(['set_theme_info', read, 'get_key_value_info']);
    expect(host.live.callsTo('setThemeInfo').at(-1)?.named.get('path')).toBe(path);
  });

  it('on mojo68rt the service refuses the switch with its warning and nothing else is read', async () => {
    const { host, themes } = await openPanel('Mojo68RT');
    const current = (await themes()).theme_mode;
    const before = host.live.calls.length;
    await userEvent.click(slot(current === 0 ? 2 : 1));
    await waitFor(() => expect(toastTitles()).toContain('warn.not.apply.theme.chosen.mojo68rt'));
    await waitFor(() => expect(useLoadingStore.getState().visible).toBe(false));
    expect((await themes()).theme_mode).toBe(current);
    expect(host.live.calls.slice(before).map((c) => c.func)).toEqual(['set_theme_info']);
  });
});

describe('the slot menu', () => {
  it('renames a slot with limit style 2 (tags stripped, 16 UTF-8 bytes)', async () => {
    const { themes } = await openPanel();
    await menuItem(2, 'themes.rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename theme 2' });
    const input = within(dialog).getByRole('textbox', { name: settingsEn['themes.rename.field'] });
    fireEvent.change(input, { target: { value: '<b>Night</b> 游戏模式加长' } });
    // "Night " is 6 bytes, each Chinese character 3: three of them fit.
    expect(input).toHaveValue('Night 游戏模');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(slot(2)).toHaveTextContent('2. Night 游戏模'));
    expect((await themes()).theme_info_list[1]).toBe('Night 游戏模');
  });

  it('Cancel leaves the name; a name of spaces cannot be confirmed', async () => {
    const { host, themes } = await openPanel();
    const names = (await themes()).theme_info_list;
    await menuItem(1, 'themes.rename');
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '   ' } });
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.live.callsTo('setThemeInfo')).toHaveLength(0);
    expect((await themes()).theme_info_list).toEqual(names);
  });

  it('exports a slot as <name with underscores>.mgscene with the scene the service answered', async () => {
    const files = captureDownloads();
    const { path, host, themes } = await openPanel();
    await host.live.client.setThemeInfo({ path, theme_name: 'My Game Mode', cur_theme_id: 2 });
    await waitFor(() => expect(slot(3)).toHaveTextContent('My Game Mode'));
    await menuItem(3, 'themes.export');
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe('My_Game_Mode.mgscene');
    const scene = JSON.parse(await files[0]!.blob.text()) as { format: string; name: string };
    expect(scene.format).toBe('keytune-scene');
    expect(scene.name).toBe('My Game Mode');
    expect(toastTitles()).toContain('theme.export.success');
    expect((await themes()).theme_info_list[2]).toBe('My Game Mode');
  });

  it('imports a .mgscene file into the slot chosen: export of one slot, import into another gives the same scene', async () => {
    const { path, host, themes } = await openPanel('Made68Pro', '4');
    const client = host.live.client;
    await client.setThemeInfo({ path, theme_name: 'Source', cur_theme_id: 0 });
    const exported = await client.setThemeInfo({ path, export: true, cur_theme_id: 0 });
    if (!('content' in exported)) throw new Error('no scene');
    await menuItem(4, 'themes.import');
    const input = screen.getByTestId('theme-import-file');
    expect(input).toHaveAttribute('accept', '.mgscene');
    fireEvent.change(input, { target: { files: [new File([exported.content], 'Source.mgscene')] } });
    await waitFor(() => expect(toastTitles()).toContain('theme.import.success'));
    await waitFor(() => expect(slot(4)).toHaveTextContent('4. Source'));
    expect((await themes()).theme_info_list[3]).toBe('Source');
    const again = await client.setThemeInfo({ path, export: true, cur_theme_id: 3 });
    if (!('content' in again)) throw new Error('no scene');
    expect(JSON.parse(again.content)).toEqual(JSON.parse(exported.content));
  });

  it('refuses a file that is not .mgscene without calling the service, and a bad scene with Import Failure', async () => {
    const { host, themes } = await openPanel();
    const names = (await themes()).theme_info_list;
    const input = screen.getByTestId('theme-import-file');
    fireEvent.change(input, { target: { files: [new File(['{}'], 'scene.json')] } });
    await waitFor(() => expect(toastTitles()).toContain('themes.import.only.scene'));
    expect(host.live.callsTo('setThemeInfo')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['not json'], 'bad.mgscene')] } });
    await waitFor(() => expect(toastTitles()).toContain('theme.import.failure'));
    await waitFor(() => expect(useLoadingStore.getState().visible).toBe(false));
    expect(toastTitles()).not.toContain('theme.import.success');
    expect((await themes()).theme_info_list).toEqual(names);
  });
});

describe('in Chinese, by keyboard alone', () => {
  it("shows the keyboard's own slot names in Chinese, and a name the user gave as it is", async () => {
    const { themes } = await openPanel('Made68Pro', '3', 'zh_CN');
    expect((await themes()).theme_info_list).toEqual(['Default', 'E-sports', 'Typing', 'Rapid']);
    expect(slot(1)).toHaveTextContent('1. 默认');
    expect(slot(2)).toHaveTextContent('2. 电竞');
    expect(slot(3)).toHaveTextContent('3. 打字');
    expect(slot(4)).toHaveTextContent('4. 极速');
    await menuItem(2, 'themes.rename', settingsZh);
    const dialog = await screen.findByRole('dialog', { name: '重命名主题 2' });
    const input = within(dialog).getByRole('textbox');
    expect(input).toHaveValue('E-sports');
    fireEvent.change(input, { target: { value: 'Typing' } });
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(slot(2)).toHaveTextContent('2. 打字'));
    await menuItem(3, 'themes.rename', settingsZh);
    const next = await screen.findByRole('dialog', { name: '重命名主题 3' });
    fireEvent.change(within(next).getByRole('textbox'), { target: { value: 'constructor' } });
    await userEvent.click(within(next).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(slot(3)).toHaveTextContent('3. constructor'));
  });

  it('the menu opens from the keyboard and speaks Chinese', async () => {
    await openPanel('Made68Pro', '3', 'zh_CN');
    expect(screen.getByRole('heading', { name: settingsZh['themes.title'] })).toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: '主题 2 选项' });
    trigger.focus();
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([settingsZh['themes.rename'], settingsZh['themes.export'], settingsZh['themes.import']]);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '重命名主题 2' })).toBeInTheDocument();
  });
});
