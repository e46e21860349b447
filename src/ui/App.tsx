/**
 * The shell: optional desktop title bar, the side rail with the four tabs (Device 0, Tool 1, Help 2, Settings 4),
 * the content area, toasts and top-level dialogs. Tool, Help and Settings load on first visit.
 */
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useT } from '../i18n/store';
import type { MessageId } from '../i18n/en_US';
import { TopDialogs } from './dialogs/RedirectDialog';
import { DeviceTab } from './device-list/DeviceTab';
import { PlatformTips } from './device-list/PlatformTips';
import { useServices } from './services';
import { TitleBar } from './shell/TitleBar';
import { ToastLayer } from './toasts/ToastLayer';
import { HelpIcon, KeyboardIcon, SettingsIcon, ToolIcon } from './widgets/icons';

// Secondary controls and screens load after the first screen.
const QuickPrefs = lazy(() => import('./shell/QuickPrefs').then((m) => ({ default: m.QuickPrefs })));
const ToolTab = lazy(() => import('./tools/ToolTab'));
const HelpTab = lazy(() => import('./help/HelpTab'));
const SettingsTab = lazy(() => import('./preferences/SettingsTab'));

export const SIDE_TABS = ['0', '1', '2', '4'] as const;
export type SideTabId = (typeof SIDE_TABS)[number];

const TABS: Record<SideTabId, { label: MessageId; icon: ComponentType<{ size?: number }>; screen: () => ReactNode }> = {
  '0': { label: 'nav.device', icon: KeyboardIcon, screen: () => <DeviceTab /> },
  '1': { label: 'nav.tool', icon: ToolIcon, screen: () => <ToolTab /> },
  '2': { label: 'nav.help', icon: HelpIcon, screen: () => <HelpTab /> },
  '4': { label: 'nav.settings', icon: SettingsIcon, screen: () => <SettingsTab /> },
};

export function App() {
  const t = useT();
  const { host } = useServices();
  const [tab, setTab] = useState<SideTabId>('0');
  const controls = host.windowControls;

  return (
    <>
      <div className="app" data-desktop={controls ? 'true' : 'false'}>
        {controls && <TitleBar controls={controls} platform={host.platform} />}
        <Tabs.Root
          className="app__body"
          orientation="vertical"
          value={tab}
          onValueChange={(v) => {
            if ((SIDE_TABS as readonly string[]).includes(v)) setTab(v as SideTabId);
          }}
        >
          <nav className="rail" aria-label={t('nav.label')}>
            <div className="rail__brand" aria-hidden="true">
              <span className="rail__logo">K</span>
            </div>
            <Tabs.List className="rail__tabs" aria-label={t('nav.label')}>
              {SIDE_TABS.map((id) => {
                const { label, icon: Icon } = TABS[id];
                return (
                  <Tabs.Trigger key={id} value={id} className="rail__tab" data-tab-id={id}>
                    <Icon size={22} />
                    <span className="rail__tab-label">{t(label)}</span>
                  </Tabs.Trigger>
                );
              })}
            </Tabs.List>
            <Suspense fallback={null}>
              <QuickPrefs />
            </Suspense>
          </nav>
          <main className="content">
            {SIDE_TABS.map((id) => (
              <Tabs.Content key={id} value={id} className="content__screen">
                <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>{TABS[id].screen()}</Suspense>
              </Tabs.Content>
            ))}
          </main>
        </Tabs.Root>
        <ToastLayer />
        <TopDialogs />
        <PlatformTips />
      </div>
    </>
  );
}
