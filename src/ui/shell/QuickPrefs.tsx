/**
 * Theme and language menus at the foot of the side rail, reachable from every screen. The choice applies at once
 * and is also sent to the service (set_theme / set_lang), which echoes it to every window as update_theme /
 * update_lang.
 */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useLanguage, useLanguageStore, useT } from '../../i18n/store';
import { LANGUAGES, type Language } from '../../i18n/translate';
import { attempt } from '../call';
import { useServices } from '../services';
import { useThemeStore } from '../theme/store';
import { THEME_MODES, type ThemeMode } from '../theme/theme';
import { AutoThemeIcon, CheckIcon, GlobeIcon, MoonIcon, SunIcon } from '../widgets/icons';
import { LanguageName } from './language-name';

const THEME_ICONS: Record<ThemeMode, ReactNode> = {
  light: <SunIcon size={20} />,
  dark: <MoonIcon size={20} />,
  auto: <AutoThemeIcon size={20} />,
};

function Menu<V extends string>({
  trigger,
  triggerLabel,
  title,
  value,
  options,
  onChoose,
}: {
  trigger: ReactNode;
  triggerLabel: string;
  title: string;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChoose(value: V): void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="rail__pref" aria-label={triggerLabel} title={triggerLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" side="right" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">{title}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={value} onValueChange={(v) => onChoose(v as V)}>
            {options.map((o) => (
              <DropdownMenu.RadioItem key={o.value} value={o.value} className="menu__item">
                <span className="menu__check">
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon size={14} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {o.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function QuickPrefs() {
  const t = useT();
  const { client } = useServices();
  const mode = useThemeStore((s) => s.mode);
  const language = useLanguage();

  const chooseTheme = (next: ThemeMode) => {
    useThemeStore.getState().setMode(next);
    void attempt(client.setTheme({ theme: next }));
  };
  const chooseLanguage = (next: Language) => {
    useLanguageStore.getState().setLanguage(next);
    void attempt(client.setLang({ lang: next }));
  };

  return (
    <div className="rail__prefs">
      <Menu
        trigger={THEME_ICONS[mode]}
        triggerLabel={t('theme.current', t(`theme.${mode}`))}
        title={t('theme.label')}
        value={mode}
        options={THEME_MODES.map((m) => ({ value: m, label: t(`theme.${m}`) }))}
        onChoose={chooseTheme}
      />
      <Menu
        trigger={
          <>
            <GlobeIcon size={20} />
            <span className="rail__pref-text" aria-hidden="true">
              {t('lang.short')}
            </span>
          </>
        }
        triggerLabel={t('lang.current', t(`lang.${language}`))}
        title={t('lang.label')}
        value={language}
        options={LANGUAGES.map((l) => ({ value: l, label: <LanguageName t={t} language={l} /> }))}
        onChoose={chooseLanguage}
      />
    </div>
  );
}
