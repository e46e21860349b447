/**
 * The Device tab with devices: title, a card per device in the order they were added or connected, the floating add
 * button, and the confirmation before a device is removed. Keyboard focus follows what the person did: a device just
 * added takes it; after a removal it goes to the list's title.
 */
import { useRef, useState } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { useT } from '../../i18n/store';
import { tx } from './extra-texts';
import { attempt } from '../call';
import { REDIRECT_DIALOG, useTopDialogStore } from '../dialogs/store';
import { useDeviceState, useServices } from '../services';
import { PlusIcon } from '../widgets/icons';
import { Hint } from '../widgets/Hint';
import { DeviceCard } from './DeviceCard';
import { AppDialog } from '../widgets/AppDialog';
import { FirefoxTip, NotSupportedDialog } from './PlatformTips';
import type { DeviceTabId } from '../../core/device-tabs';
import { useAddDevice } from './use-add-device';
import { VirtualOffer } from './VirtualOffer';

/** Where a click on a device leads: its page, the redirect dialog, or "not supported". */
export function deviceDestination(device: Pick<DeviceRecord, 'features'>) {
  return device.features.destination;
}

/** Focuses the open button of a device's card; false when the card is not on screen. */
function focusCard(path: string): boolean {
  const button = Array.from(document.querySelectorAll<HTMLElement>('[data-device-open]')).find(
    (b) => b.dataset.deviceOpen === path,
  );
  button?.focus();
  return button !== undefined && document.activeElement === button;
}

export function DeviceList() {
  const t = useT();
  const { client, devices: store, updates } = useServices();
  const devices = useDeviceState((s) => s.devices);
  const showTop = useTopDialogStore((s) => s.show);
  const [notSupported, setNotSupported] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<DeviceRecord | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const removed = useRef<string | null>(null);
  // What the confirmation names; kept while it closes, after `removing` is cleared.
  const [named, setNamed] = useState<DeviceRecord | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { add, browserTip, closeBrowserTip } = useAddDevice();

  const remove = async (device: DeviceRecord) => {
    setRemoveBusy(true);
    const result = await attempt(client.removeDevice({ path: device.path }));
    setRemoveBusy(false);
    if (result.ok) removed.current = device.path;
    setRemoving(null);
  };

  // A closing dialog gives focus back to what opened it, unless a card waits for it (a device just added) or the
  // device it was about is gone (then the list's title takes it).
  const afterDialog = (event: Event) => {
    const wanted = store.getState().focusPath;
    if (wanted !== null && focusCard(wanted)) {
      event.preventDefault();
      store.getState().focusDevice(null);
    } else if (removed.current !== null) {
      event.preventDefault();
      removed.current = null;
      titleRef.current?.focus();
    }
  };

  const open = (device: DeviceRecord, tab: DeviceTabId = '0') => {
    const where = deviceDestination(device);
    if (where === 'redirect') showTop({ ...REDIRECT_DIALOG, device });
    else if (where === 'not-supported') setNotSupported(true);
    else store.getState().open(device.path, tab);
  };

  return (
    <section className="device-list" aria-labelledby="device-list-title">
      <header className="page-header">
        <h1 className="page-header__title" id="device-list-title" ref={titleRef} tabIndex={-1}>
          {t('devices.title')}
        </h1>
        <span className="page-header__count">
          {t('devices.count', devices.filter((d) => d.online !== false).length)}
        </span>
      </header>
      <ul className="device-grid">
        {devices.map((device) => (
          <li key={device.path}>
            <DeviceCard
              device={device}
              pendingUpdate={updates.pendingFor(device)}
              onOpen={() => open(device)}
              onOpenSettings={() => open(device, '4')}
              onRemove={() => {
                setNamed(device);
                setRemoving(device);
              }}
            />
          </li>
        ))}
      </ul>
      <Hint text={t('devices.add')} side="left">
        <button type="button" className="fab" aria-label={t('devices.add')} onClick={() => setAdding(true)}>
          <PlusIcon size={24} />
        </button>
      </Hint>
      <AppDialog
        open={adding}
        onCloseAutoFocus={afterDialog}
        onOpenChange={setAdding}
        title={t('devices.add.title')}
        description={t('devices.add.desc')}
        className="dialog--wide"
        dataAttributes={{ 'data-dialog': 'add-device' }}
      >
        <div className="add-device__hid">
          <p>{t('devices.add.hid.desc')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setAdding(false);
              void add();
            }}
          >
            <PlusIcon size={18} />
            {t('devices.add.hid')}
          </button>
        </div>
        <VirtualOffer onAdded={() => setAdding(false)} />
      </AppDialog>
      <AppDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        onCloseAutoFocus={afterDialog}
        title={tx(t, 'devices.remove.title', named?.display_name ?? '')}
        description={tx(t, named?.virtual ? 'devices.remove.virtual' : 'devices.remove.real')}
        dataAttributes={{ 'data-dialog': 'remove-device' }}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={removeBusy}
              onClick={() => {
                if (removing) void remove(removing);
              }}
            >
              {tx(t, 'devices.remove.confirm')}
            </button>
          </>
        }
      />
      <NotSupportedDialog open={notSupported} onClose={() => setNotSupported(false)} />
      <FirefoxTip open={browserTip} onClose={closeBrowserTip} />
    </section>
  );
}
