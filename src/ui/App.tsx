/**
 * The shell: optional desktop title bar, the side rail with the four tabs (Device 0, Tool 1, Help 2, Settings 4),
 * the content area, toasts and top-level dialogs. Tool, Help and Settings load on first visit.
 */
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useT } from '../i18n/store';
import { TopDialogs } from './dialogs/RedirectDialog';
import { DeviceTab } from './device-list/DeviceTab';
import { PlatformTips } from './device-list/PlatformTips';
import { useServices } from './services';
import { TitleBar } from './shell/TitleBar';
import { ToastLayer } from './toasts/ToastLayer';
import { RAIL_TABS, SIDE_TABS, type SideTabId } from './shell/rail-tabs';

// Secondary controls and screens load after the first screen.
const QuickPrefs = lazy(() => import('./shell/QuickPrefs').then((m) => ({ default: m.QuickPrefs })));
const ToolTab = lazy(() => import('./tools/ToolTab'));
const HelpTab = lazy(() => import('./help/HelpTab'));
const SettingsTab = lazy(() => import('./preferences/SettingsTab'));

export { SIDE_TABS, type SideTabId };

const SCREENS: Record<SideTabId, () => ReactNode> = {
  '0': () => <DeviceTab />,
  '1': () => <ToolTab />,
  '2': () => <HelpTab />,
  '4': () => <SettingsTab />,
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
                const { label, icon: Icon } = RAIL_TABS[id];
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
                <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>{SCREENS[id]()}</Suspense>
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
