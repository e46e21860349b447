/**
 * The theme slots panel at the left of the device page (spec-2 §2.3, §2.4): the slots numbered from 1, the current one
 * marked, each with a menu to rename, export or import. Selecting another slot switches the keyboard's theme under the
 * loading overlay; once the theme info is back, the open tab's data is read again in the spec's order (colour info,
 * function info, performance info or setting data, then the key values), and the tabs show what those events carry.
 * Models that switch themes with a button of their own (mojo68rt, made68air) are refused by the service with its
 * warning toast. A keyboard that switches its own profile with its keys (libhmk, `features.profiles.editAny`) has every
 * profile opened here without the keyboard leaving its own, profiles copied and reset from each one's menu, and a
 * switch made on the keyboard followed (asked for now and then): the open tab then shows that profile. Rename applies limit style 2 as the user types; import takes .mgscene files only and the service
 * validates the file before it touches the keyboard.
 */
import { HiddenFileInput } from '../../widgets/HiddenFileInput';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { CallAnswer } from '../../../contract/contract';
import { checkSceneFileName, checkThemeName } from '../../../core/rules/settings';
import { limitText } from '../../../core/text-limit';
import { attempt } from '../../call';
import type { DeviceTabId } from '../../../core/device-tabs';
import { useLoadingStore } from '../../loading-store';
import type { MessageId } from '../../../i18n/en_US';
import { useT } from '../../../i18n/store';
import { useDeviceRecord, useFeatures } from '../../device-features';
import { localProfileNames, storeLocalProfileName } from './local-profile-names';
import { useServices } from '../../services';
import { useToastStore } from '../../toasts/store';
import { AppDialog } from '../../widgets/AppDialog';
import { useSettingsTexts } from '../settings/settings-texts';
import { downloadText, sceneFileName } from './download';
import { ProfileActionDialog, ProfileMenuItems, useProfilePolling, type ProfileAction } from './ProfileActions';
import '../../styles/settings.css';

type ThemeInfo = CallAnswer<'getThemeInfo'>;
type Client = ReturnType<typeof useServices>['client'];

/** The open tab as set_theme_info's --current_page_id_num carries it. */
const PAGE_IDS = { '0': 0, '1': 1, '3': 3, '4': 4 } as const satisfies Record<DeviceTabId, number>;

function success(title: string, ...args: number[]): void {
  useToastStore.getState().push({ title, context: '', args: args.join(';;'), type: 0, delay: 3 });
}

/** Reads the open tab's data again after a theme change, in the spec's order, then the key values. */
export async function readTabAgain(client: Client, path: string, tab: DeviceTabId): Promise<void> {
  if (tab === '1') await attempt(client.getKeyColorInfo({ path }));
  else if (tab === '0') await attempt(client.getKeyFuncInfo({ path }));
  else if (tab === '3') await attempt(client.getKeyPerfInfo({ path }));
  else await attempt(client.getSettingData({ path }));
  await attempt(client.getKeyValueInfo({ path }));
}

function RenameDialog({
  title,
  note,
  name,
  onClose,
  onRename,
  returnFocus,
}: {
  title: string;
  /** Said below the field beside the length hint (where the name is kept). */
  note?: string;
  name: string;
  onClose(): void;
  onRename(name: string): void;
  returnFocus(): HTMLElement | null | undefined;
}) {
  const s = useSettingsTexts();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(name);
  const checked = checkThemeName(text);
  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      initialFocus={field}
      returnFocus={returnFocus}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {s('themes.cancel')}
          </button>
          <button type="submit" form={`${id}-form`} className="button button--primary" disabled={!checked.ok}>
            {s('themes.ok')}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="theme-rename"
        onSubmit={(event) => {
          event.preventDefault();
          if (checked.ok) onRename(checked.value);
        }}
      >
        <label htmlFor={`${id}-name`}>{s('themes.rename.field')}</label>
        <input
          ref={field}
          id={`${id}-name`}
          className="input"
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setText(limitText(event.target.value, 2))}
        />
        <p id={`${id}-hint`} className="settings-note">
          {s('themes.rename.hint')}
        </p>
        {note && <p className="settings-note">{note}</p>}
      </form>
    </AppDialog>
  );
}

/** The names keyboards give their four theme slots out of the box (spec-2 §3 keyboard profiles). */
const BUILT_IN_PROFILE_NAMES: ReadonlyMap<string, MessageId> = new Map([
  ['Default', 'profile.default'],
  ['E-sports', 'profile.esports'],
  ['Typing', 'profile.typing'],
  ['Rapid', 'profile.rapid'],
]);

export function ThemePanel({ path, tab }: { path: string; tab: DeviceTabId }) {
  const t = useT();
  const s = useSettingsTexts();
  const { client } = useServices();
  const [info, setInfo] = useState<ThemeInfo | undefined>(undefined);
  const [renaming, setRenaming] = useState<number | undefined>(undefined);
  const importSlot = useRef(0);
  const menuButtons = useRef<(HTMLButtonElement | null)[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  // What the device's profiles can do, as its features say: themes travel as scene files (our own protocol's), and
  // profiles are named, renamed and switched from the app only where the keyboard keeps them so.
  const profiles = useFeatures(path).profiles;
  const themes = profiles.sceneFiles;
  // A keyboard that keeps no names (libhmk) has its profiles named on this computer.
  const localNames = profiles.localNames === true;
  const canRename = profiles.named || localNames;
  const record = useDeviceRecord(path);
  const [named, setNamed] = useState<readonly string[]>(() =>
    record && localNames ? localProfileNames(record, profiles.count) : [],
  );
  // A keyboard that switches its own profile (libhmk) still has every profile opened and edited from the app.
  const opensAny = profiles.editAny === true;
  const canSwitch = profiles.switchable || opensAny;
  const canCopy = opensAny && profiles.duplicate;
  const canReset = opensAny && profiles.reset;
  const [action, setAction] = useState<ProfileAction | undefined>(undefined);
  const [acting, setActing] = useState(false);
  /** The profile shown, and whether a switch of the app's own is under way (its tab is read again by `select`). */
  const shownMode = useRef<number | undefined>(undefined);
  const selecting = useRef(false);
  /** The profile the keyboard types with, where it differs from the one shown (libhmk). */
  const [keyboardProfile, setKeyboardProfile] = useState<number | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void attempt(client.getThemeInfo({ path })).then((result) => {
      if (!live || !result.ok) return;
      shownMode.current = result.value.theme_mode;
      setInfo(result.value);
    });
    const take = (update: ThemeInfo) => {
      if (!live || update.path !== path) return;
      const before = shownMode.current;
      shownMode.current = update.theme_mode;
      setInfo(update);
      // The keyboard was switched on itself: the open tab shows the profile it moved to.
      if (opensAny && before !== undefined && before !== update.theme_mode && !selecting.current)
        void readTabAgain(client, path, tabRef.current);
    };
    const offs = [client.on('get_theme_info', take), client.on('up_theme_info', take)];
    return () => {
      live = false;
      offs.forEach((off) => off());
    };
  }, [client, path, opensAny]);

  // One GET_PROFILE: the keyboard's own profile, and the one shown once a switch there is followed.
  const askProfiles = useCallback(() => {
    void attempt(client.libhmkGetProfile({ path })).then((result) => {
      if (!result.ok) return;
      setKeyboardProfile(result.value.keyboard);
      if (result.value.edited !== shownMode.current && !selecting.current) void attempt(client.getThemeInfo({ path }));
    });
  }, [client, path]);
  useProfilePolling(opensAny, askProfiles);
  useEffect(() => {
    if (opensAny) askProfiles();
  }, [opensAny, askProfiles]);

  /** Runs a theme call under the loading overlay; the open tab's data is read again when it changed the theme. */
  const underLoading = async (work: () => Promise<boolean>) => {
    useLoadingStore.getState().setVisible(true);
    try {
      if (await work()) await readTabAgain(client, path, tabRef.current);
    } finally {
      useLoadingStore.getState().setVisible(false);
    }
  };

  const select = (slot: number) => {
    if (!info || slot === info.theme_mode) return;
    selecting.current = true;
    void underLoading(async () => {
      const result = await attempt(
        client.setThemeInfo({ path, change_theme_id: slot, current_page_id_num: PAGE_IDS[tabRef.current] }),
      );
      if (result.ok && 'theme_mode' in result.value) {
        shownMode.current = result.value.theme_mode;
        setInfo(result.value);
      }
      return result.ok;
    }).finally(() => {
      selecting.current = false;
    });
  };

  /** Copies or resets a profile; the open tab is read again when it showed the profile that changed. */
  const runAction = async (chosen: ProfileAction) => {
    setActing(true);
    try {
      const target = chosen.kind === 'copy' ? chosen.to : chosen.profile;
      await underLoading(async () => {
        const result =
          chosen.kind === 'copy'
            ? await attempt(client.libhmkDuplicateProfile({ path, from: chosen.from, to: chosen.to }))
            : await attempt(client.libhmkResetProfile({ path, profile: chosen.profile }));
        if (!result.ok) return false;
        if (chosen.kind === 'copy') success('profiles.copied', chosen.from + 1, chosen.to + 1);
        else success('profiles.reset.done', chosen.profile + 1);
        return target === shownMode.current;
      });
    } finally {
      setActing(false);
      setAction(undefined);
    }
  };

  const rename = (slot: number, name: string) => {
    setRenaming(undefined);
    if (localNames) {
      if (!record) return;
      storeLocalProfileName(record, profiles.count, slot, name);
      setNamed(localProfileNames(record, profiles.count));
      return;
    }
    void attempt(client.setThemeInfo({ path, theme_name: name, cur_theme_id: slot })).then((result) => {
      if (result.ok && 'theme_mode' in result.value) setInfo(result.value);
    });
  };

  const exportSlot = async (slot: number) => {
    const result = await attempt(client.setThemeInfo({ path, export: true, cur_theme_id: slot }));
    if (!result.ok || !('content' in result.value)) return;
    const name = info?.theme_info_list[slot];
    downloadText(name !== undefined ? sceneFileName(name) : result.value.file_name, result.value.content);
    success('theme.export.success');
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!checkSceneFileName(file.name).ok) {
      useToastStore.getState().push({ title: 'themes.import.only.scene', context: '', args: '', type: 1, delay: 3 });
      return;
    }
    const content = await file.text();
    const slot = importSlot.current;
    await underLoading(async () => {
      const result = await attempt(client.setThemeInfo({ path, import: content, cur_theme_id: slot }));
      if (!result.ok) return false;
      if ('theme_mode' in result.value) setInfo(result.value);
      success('theme.import.success');
      return true;
    });
  };

  const names = info?.theme_info_list ?? [];
  // A slot still named as the keyboard names it out of the box shows that name in the page's language.
  const shown = (name: string) => {
    const id = BUILT_IN_PROFILE_NAMES.get(name);
    return id ? t(id) : name;
  };
  return (
    <aside className="panel theme-panel" aria-labelledby="theme-panel-title">
      <h2 className="panel__title" id="theme-panel-title">
        {themes ? s('themes.title') : t('profiles.title')}
      </h2>
      {opensAny ? (
        <p className="theme-panel__note">{t('profiles.edit.note')}</p>
      ) : (
        !canSwitch && <p className="theme-panel__note">{t('profiles.switch.on.keyboard')}</p>
      )}
      <ul className="theme-panel__list" aria-label={s('themes.list')}>
        {names.map((name, slot) => (
          <li className="theme-slot" key={slot} data-slot={slot}>
            <button
              type="button"
              className="theme-slot__select"
              aria-pressed={slot === info?.theme_mode}
              aria-disabled={!canSwitch}
              onClick={() => canSwitch && select(slot)}
            >
              {profiles.named
                ? s('themes.slot', slot + 1, shown(name))
                : named[slot]
                  ? t('profiles.slot.named', slot + 1, named[slot])
                  : t('profiles.slot', slot + 1)}
            </button>
            {opensAny && slot === keyboardProfile && (
              <span className="theme-slot__keyboard">{t('profiles.keyboard.uses')}</span>
            )}
            {(canRename || themes || canCopy || canReset) && (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  ref={(button) => {
                    menuButtons.current[slot] = button;
                  }}
                  className="icon-button"
                  aria-label={themes || profiles.named ? s('themes.menu', slot + 1) : t('profiles.menu', slot + 1)}
                >
                  <span aria-hidden="true">⋯</span>
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content className="menu theme-menu" align="start" sideOffset={4}>
                    {canRename && (
                      <DropdownMenu.Item className="menu__item theme-menu__item" onSelect={() => setRenaming(slot)}>
                        {localNames ? t('profiles.rename') : s('themes.rename')}
                      </DropdownMenu.Item>
                    )}
                    {(canCopy || canReset) && (
                      <ProfileMenuItems
                        slot={slot}
                        count={names.length}
                        copy={canCopy}
                        reset={canReset}
                        onAction={setAction}
                      />
                    )}
                    {themes && (
                      <>
                        <DropdownMenu.Item
                          className="menu__item theme-menu__item"
                          onSelect={() => void exportSlot(slot)}
                        >
                          {s('themes.export')}
                        </DropdownMenu.Item>
                        <DropdownMenu.Item
                          className="menu__item theme-menu__item"
                          onSelect={() => {
                            importSlot.current = slot;
                            fileInput.current?.click();
                          }}
                        >
                          {s('themes.import')}
                        </DropdownMenu.Item>
                      </>
                    )}
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            )}
          </li>
        ))}
      </ul>
      <HiddenFileInput
        ref={fileInput}
        accept=".mgscene"
        testId="theme-import-file"
        onChange={(event) => void importFile(event)}
      />
      {action && (
        <ProfileActionDialog
          action={action}
          busy={acting}
          onCancel={() => setAction(undefined)}
          onConfirm={() => void runAction(action)}
          returnFocus={() => menuButtons.current[action.kind === 'copy' ? action.from : action.profile]}
        />
      )}
      {renaming !== undefined && (
        <RenameDialog
          title={localNames ? t('profiles.rename.title', renaming + 1) : s('themes.rename.title', renaming + 1)}
          {...(localNames ? { note: t('profiles.rename.local') } : {})}
          name={(localNames ? named[renaming] : names[renaming]) ?? ''}
          onClose={() => setRenaming(undefined)}
          onRename={(name) => rename(renaming, name)}
          returnFocus={() => menuButtons.current[renaming]}
        />
      )}
    </aside>
  );
}
