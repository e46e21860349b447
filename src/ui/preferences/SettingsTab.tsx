/**
 * The Settings tab (spec-2 §2.9): theme, start-up options (desktop only), versions, language and notifications. Theme
 * and language apply at once, are kept in the SkinMode and Language cookies (path /, 999 days, by their stores) and
 * are sent to the service like the rail's quick menus; start-up options go to the desktop bridge, and are read back
 * from it when the tab opens, so they show what the bridge holds.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useLanguage, useLanguageStore, useT } from '../../i18n/store';
import { LANGUAGES, type Language } from '../../i18n/translate';
import { attempt } from '../call';
import { COOKIE_NAMES, getCookie, setCookie } from '../cookies';
import { useServices } from '../services';
import { languageLabel } from '../shell/language-name';
import { useThemeStore } from '../theme/store';
import { THEME_MODES, type ThemeMode } from '../theme/theme';
import { useToolsT } from '../tools/texts';
import { NoticeOptions } from './NoticeOptions';
import {
  optionsFromHost,
  readStartupOption,
  STARTUP_OPTIONS,
  writeStartupOption,
  type StartupOptionKey,
} from './startup-options';
import { Toggle } from './Toggle';
import '../styles/tools.css';

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="prefs__card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Choices<V extends string>({
  legend,
  name,
  value,
  options,
  onChoose,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChoose(value: V): void;
}) {
  return (
    // Native radios (Tab, arrows, names for free), drawn as the app's segmented control: the input covers its segment
    // unseen, and the segment shows the checked state and the keyboard focus.
    <fieldset className="prefs__choices choice-group">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="choice-group__item" data-checked={value === o.value ? '' : undefined}>
          <input
            className="choice-group__input"
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChoose(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export default function SettingsTab() {
  const t = useT();
  const tt = useToolsT();
  const { client, host, resources } = useServices();
  const mode = useThemeStore((s) => s.mode);
  const language = useLanguage();
  const [startup, setStartup] = useState(
    () =>
      Object.fromEntries(STARTUP_OPTIONS.map((o) => [o.key, readStartupOption(o.key)])) as Record<
        StartupOptionKey,
        boolean
      >,
  );
  const onDesktop = host.hostKind === 'bridge';
  useEffect(() => {
    if (!onDesktop) return;
    let live = true;
    void attempt(client.getStartUpOptions()).then((answer) => {
      if (!live || !answer.ok) return;
      const held = optionsFromHost(answer.value);
      for (const o of STARTUP_OPTIONS) writeStartupOption(o.key, held[o.key]);
      setStartup(held);
    });
    return () => {
      live = false;
    };
  }, [client, onDesktop]);
  const [linuxTip, setLinuxTip] = useState(() => getCookie(COOKIE_NAMES.checkDevPermission) !== '0');

  const chooseTheme = (next: ThemeMode) => {
    useThemeStore.getState().setMode(next);
    void attempt(client.setTheme({ theme: next }));
  };
  const chooseLanguage = (next: Language) => {
    useLanguageStore.getState().setLanguage(next);
    void attempt(client.setLang({ lang: next }));
  };
  const setOption = async (key: StartupOptionKey, on: boolean) => {
    const value = on ? '1' : '0';
    const sent =
      key === 'StartUpAuto'
        ? client.setStartUpAuto({ start_up_auto: value })
        : key === 'RunWithMini'
          ? client.setRunWithMini({ run_with_mini: value })
          : client.setCloseToTray({ close_to_tray: value });
    setStartup((s) => ({ ...s, [key]: on }));
    const result = await attempt(sent);
    if (result.ok) writeStartupOption(key, on);
    else setStartup((s) => ({ ...s, [key]: !on }));
  };

  return (
    <section className="screen">
      <header className="page-header">
        <h1 className="page-header__title">{t('settings.title')}</h1>
      </header>
      <div className="prefs">
        <Card title={tt('prefs.theme.title')}>
          <Choices
            legend={tt('prefs.theme.title')}
            name="prefs-theme"
            value={mode}
            options={THEME_MODES.map((m) => ({ value: m, label: t(`theme.${m}`) }))}
            onChoose={chooseTheme}
          />
        </Card>
        {onDesktop && (
          <Card title={tt('prefs.startup.title')}>
            <div className="prefs__rows">
              {STARTUP_OPTIONS.map((o) => (
                <Toggle
                  key={o.key}
                  label={tt(o.text)}
                  checked={startup[o.key]}
                  onChange={(on) => void setOption(o.key, on)}
                />
              ))}
              <p className="prefs__hint">{tt('prefs.startup.tray.hint')}</p>
            </div>
          </Card>
        )}
        <Card title={tt('prefs.versions.title')}>
          <dl className="prefs__versions">
            <dt>{tt('prefs.versions.app')}</dt>
            <dd>{resources.version.app}</dd>
            <dt>{tt('prefs.versions.core')}</dt>
            <dd>{tt('prefs.versions.core.value', resources.version.resources)}</dd>
          </dl>
        </Card>
        <Card title={tt('prefs.language.title')}>
          <Choices
            legend={tt('prefs.language.title')}
            name="prefs-language"
            value={language}
            options={LANGUAGES.map((l) => ({ value: l, label: languageLabel(t, l) }))}
            onChoose={chooseLanguage}
          />
        </Card>
        <Card title={tt('prefs.notice.title')}>
          <NoticeOptions />
          {host.platform === 'linux' && (
            <Toggle
              label={tt('prefs.notice.linux')}
              checked={linuxTip}
              onChange={(on) => {
                setLinuxTip(on);
                setCookie(COOKIE_NAMES.checkDevPermission, on ? '1' : '0');
              }}
            />
          )}
        </Card>
      </div>
    </section>
  );
}
