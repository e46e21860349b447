/** The Device tab with devices: title, a card per device and the floating add button. */
import { useState } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { findModel, isRedirectModel } from '../../core/models';
import { useT } from '../../i18n/store';
import { REDIRECT_DIALOG, useTopDialogStore } from '../dialogs/store';
import { useDeviceState, useServices } from '../services';
import { AppDialog } from '../widgets/AppDialog';
import { PlusIcon } from '../widgets/icons';
import { Hint } from '../widgets/Hint';
import { DeviceCard } from './DeviceCard';
import { FirefoxTip, NotSupportedDialog } from './PlatformTips';
import type { DeviceTabId } from './store';
import { useAddDevice } from './use-add-device';
import { VirtualOffer } from './VirtualOffer';

/** Where a click on a device leads: its page, the redirect dialog, or "not supported". */
export function deviceDestination(device: Pick<DeviceRecord, 'name' | 'display_name'>) {
  if (isRedirectModel(device.display_name) || isRedirectModel(device.name)) return 'redirect';
  if (!findModel(device.display_name) && !findModel(device.name)) return 'not-supported';
  return 'page';
}

export function DeviceList() {
  const t = useT();
  const { devices: store, updates } = useServices();
  const devices = useDeviceState((s) => s.devices);
  const showTop = useTopDialogStore((s) => s.show);
  const [notSupported, setNotSupported] = useState(false);
  const [adding, setAdding] = useState(false);
  const { add, browserTip, closeBrowserTip } = useAddDevice();

  const open = (device: DeviceRecord, tab: DeviceTabId = '0') => {
    const where = deviceDestination(device);
    if (where === 'redirect') showTop({ ...REDIRECT_DIALOG, device });
    else if (where === 'not-supported') setNotSupported(true);
    else store.getState().open(device.path, tab);
  };

  return (
    <section className="device-list" aria-labelledby="device-list-title">
      <header className="page-header">
        <h1 className="page-header__title" id="device-list-title">
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
      <NotSupportedDialog open={notSupported} onClose={() => setNotSupported(false)} />
      <FirefoxTip open={browserTip} onClose={closeBrowserTip} />
    </section>
  );
}
