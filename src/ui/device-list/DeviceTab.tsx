/** Side tab 0: the welcome screen, the device list, or the open device's page. */
import { lazy, Suspense } from 'react';
import { useDeviceState } from '../services';
import { DeviceList } from './DeviceList';
import { Welcome } from './Welcome';

const DevicePage = lazy(() => import('../device-page/DevicePage'));

export function DeviceTab() {
  const devices = useDeviceState((s) => s.devices);
  const openPath = useDeviceState((s) => s.openPath);
  const openTab = useDeviceState((s) => s.openTab);
  const open = openPath === null ? undefined : devices.find((d) => d.path === openPath);
  if (open) {
    return (
      <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
        <DevicePage device={open} initialTab={openTab} />
      </Suspense>
    );
  }
  return devices.length === 0 ? <Welcome /> : <DeviceList />;
}
