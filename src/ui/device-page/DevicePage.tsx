/**
 * The open device: back button with its name, the sync text, the tabs and the loading overlay (spec-1 §2,
 * spec-2 §2.3). The tabs are the ones the device's features call for (core/device-tabs.ts): Key code always, Key LED
 * where it has the key light, Key performance where its keys have a travel to set, Device settings always; the
 * screens its family adds (screens.ts) come as tabs before Device settings, as sections of it, or on Key code while
 * the device has no keys to draw. A device without keys (a receiver) otherwise gets a key-code screen that says so,
 * and its drawing is never asked for. Opening the page moves keyboard focus onto it. The theme slots panel sits at the
 * left of the tabs (spec-2 §2.3) where the device keeps several profiles or themes.
 */
import './family-texts';
import { Tabs } from 'radix-ui';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { hasKeys } from '../device-features';
import { useT } from '../../i18n/store';
import type { MessageId } from '../../i18n/en_US';
import { tx } from '../device-list/extra-texts';
import { ServicesProvider, useServices } from '../services';
import { BackupMenu } from '../backup/BackupMenu';
import { HistoryControls } from '../history/HistoryControls';
import { historyFor } from '../history/registry';
import { reloadDeviceData } from './store/device-data';
import { BackIcon } from '../widgets/icons';
import { LoadingOverlay } from './LoadingOverlay';
import { DeviceSettingsTab } from './settings/DeviceSettingsTab';
import { ThemePanel } from './themes/ThemePanel';
import { SyncText } from './SyncText';
import { attempt } from '../call';
import { DEVICE_TAB_IDS, tabsFor, type DeviceTabId } from '../../core/device-tabs';
import { SCREENS, screenComponent, screensAt } from './screens';

const KeyCodeTab = lazy(() => import('./key-code/KeyCodeTab'));
const PerfTab = lazy(() => import('./performance/PerfTab'));
const LedTab = lazy(() => import('./lighting/LedTab'));

/** The page's tabs: the spec's four (those the device has), and the screens its family adds as tabs. */
type PageTab = string;

const TAB_LABELS: Record<DeviceTabId, MessageId> = {
  '0': 'page.tab.keycode',
  '1': 'page.tab.led',
  '3': 'page.tab.perf',
  '4': 'page.tab.settings',
};

function isDeviceTab(value: string): value is DeviceTabId {
  return (DEVICE_TAB_IDS as readonly string[]).includes(value);
}

function tabLabel(id: PageTab): MessageId {
  return isDeviceTab(id) ? TAB_LABELS[id] : (SCREENS[id]?.label ?? 'page.tab.settings');
}

/** A family's screen, loaded when first shown. */
function Screen({ id, path }: { id: string; path: string }) {
  const Component = screenComponent(id);
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component path={path} />
    </Suspense>
  );
}

function Placeholder({ title }: { title: string }) {
  const t = useT();
  return (
    <section className="panel placeholder">
      <h2 className="panel__title">{title}</h2>
      <p className="placeholder__text">{t('page.placeholder')}</p>
    </section>
  );
}

function NoKeys() {
  const t = useT();
  return (
    <section className="panel placeholder" data-no-keys="">
      <h2 className="panel__title">{tx(t, 'page.nokeys.title')}</h2>
      <p className="placeholder__text">{tx(t, 'page.nokeys.body')}</p>
    </section>
  );
}

/** The tabs a device's features call for: the spec's in their order, its family's screens before Device settings. */
export function tabsOf(device: Pick<DeviceRecord, 'features' | 'layout'>): PageTab[] {
  const spec = tabsFor(device.features, device.layout);
  const extra = screensAt('tab', device.features, hasKeys(device));
  // Device settings stays last.
  return [...spec.slice(0, -1), ...extra, spec[spec.length - 1]!];
}

/**
 * The device's history of changes, and the services its screens get: the app's, with a client that records every
 * configuration change in that history. After the keyboard's configuration is replaced (a restore, undo or redo, by
 * anyone), `epoch` moves on: the screens keyed by it mount again and read what the keyboard now holds.
 */
function useDeviceHistory(device: DeviceRecord) {
  const services = useServices();
  const held = historyFor(services, device);
  // A device without keys (a receiver) holds no configuration of its own: nothing to record or undo.
  const keys = hasKeys(device);
  const pageServices = useMemo(() => (keys ? { ...services, client: held.client } : services), [services, held, keys]);
  const [epoch, setEpoch] = useState(0);
  const { client } = services;
  const { path } = device;
  useEffect(() => {
    if (keys) held.history.refresh();
  }, [held, keys]);
  useEffect(
    () =>
      client.on('config_restored', (event) => {
        if (event.path !== path) return;
        reloadDeviceData(client, path);
        reloadDeviceData(held.client, path);
        setEpoch((n) => n + 1);
      }),
    [client, held, path],
  );
  return { history: held.history, pageServices, epoch };
}

export default function DevicePage({ device, initialTab = '0' }: { device: DeviceRecord; initialTab?: DeviceTabId }) {
  const t = useT();
  const { devices, updates, client } = useServices();
  const { history, pageServices, epoch } = useDeviceHistory(device);
  const tabs = tabsOf(device);
  const [chosenTab, setTab] = useState<PageTab>(initialTab);
  const tab = tabs.includes(chosenTab) ? chosenTab : '0';
  const pending = updates.pendingFor(device);
  const keys = hasKeys(device);
  const settingsScreens = screensAt('settings', device.features, keys);
  const noKeysScreen = screensAt('no-keys', device.features, keys)[0];
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => pageRef.current?.focus(), []);
  // Entering a tab other than performance (3) or settings (4) ends any calibration (spec-2 §4). Calibration runs
  // only on the performance tab, so the reset is due once the page has been there since the last one, also when the
  // way out went through Device settings (3, 4, then 0 or 1).
  const calibrationMayRun = useRef(tab === '3');
  useEffect(() => {
    if (tab === '3') calibrationMayRun.current = true;
    else if ((tab === '0' || tab === '1') && calibrationMayRun.current) {
      calibrationMayRun.current = false;
      if (keys) void attempt(client.setPerfInfo({ path: device.path, key_ids: [0], calibration: { state: 0 } }));
    }
  }, [tab, keys, client, device.path]);

  return (
    <div
      className="device-page"
      data-path={device.path}
      ref={pageRef}
      tabIndex={-1}
      role="region"
      aria-label={device.display_name}
    >
      <header className="device-page__header">
        <button
          type="button"
          className="back-button"
          aria-label={`${t('page.back')}: ${device.display_name}`}
          onClick={() => devices.getState().close()}
        >
          <BackIcon size={18} />
          <span className="back-button__name">{device.display_name}</span>
        </button>
        <SyncText path={device.path} history={keys ? history : undefined} />
        {keys && <HistoryControls history={history} />}
        <BackupMenu device={device} />
      </header>
      <ServicesProvider services={pageServices}>
        {keys && (device.features.profiles.count > 1 || device.features.profiles.sceneFiles) && (
          <ThemePanel key={epoch} path={device.path} tab={isDeviceTab(tab) ? tab : '0'} />
        )}
        <Tabs.Root
          className="device-page__tabs"
          value={tab}
          onValueChange={(v) => {
            if (tabs.includes(v)) setTab(v);
          }}
        >
          <Tabs.List className="tab-bar" aria-label={t('page.tabs.label')}>
            {tabs.map((id) => (
              <Tabs.Trigger key={id} value={id} className="tab-bar__tab" data-tab-id={id}>
                {t(tabLabel(id))}
                {id === '4' && pending !== undefined && (
                  <>
                    <span className="red-dot red-dot--inline" aria-hidden="true" data-testid="settings-red-dot" />
                    <span className="sr-only"> ({t('page.tab.update.pending')})</span>
                  </>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="device-page__content" key={epoch}>
            {tabs.map((id) => (
              <Tabs.Content key={id} value={id} className="device-page__panel">
                {id === '4' ? (
                  <>
                    <DeviceSettingsTab device={device} pendingUpdate={pending} />
                    {settingsScreens.map((screen) => (
                      <Screen key={screen} id={screen} path={device.path} />
                    ))}
                  </>
                ) : !isDeviceTab(id) ? (
                  <Screen id={id} path={device.path} />
                ) : id === '0' && !keys && noKeysScreen !== undefined ? (
                  <Screen id={noKeysScreen} path={device.path} />
                ) : id === '0' && !keys ? (
                  <NoKeys />
                ) : id === '0' ? (
                  <Suspense fallback={null}>
                    <KeyCodeTab path={device.path} />
                  </Suspense>
                ) : id === '3' && keys ? (
                  <Suspense fallback={null}>
                    <PerfTab path={device.path} />
                  </Suspense>
                ) : id === '1' && keys ? (
                  <Suspense fallback={null}>
                    <LedTab path={device.path} />
                  </Suspense>
                ) : (
                  <Placeholder title={t(tabLabel(id))} />
                )}
              </Tabs.Content>
            ))}
            <LoadingOverlay />
          </div>
        </Tabs.Root>
      </ServicesProvider>
    </div>
  );
}
