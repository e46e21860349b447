/**
 * The add-device action. In the browser it asks for WebHID permission (the host filters by the product's vendor
 * ids); its errors, such as the person closing the picker, are only logged (spec-2 §8). Desktop hosts see devices
 * without permission, so add just re-reads the list there. The device that arrives next takes keyboard focus.
 */
import { useState } from 'react';
import { attempt } from '../call';
import { useServices } from '../services';
import { useToastStore } from '../toasts/store';

const NEW_DEVICE_WAIT_MS = 10_000;

export function useAddDevice() {
  const { host, client, devices } = useServices();
  const [browserTip, setBrowserTip] = useState(false);

  const add = async (): Promise<void> => {
    if (host.hasWebHid) {
      devices.getState().expectNewDevice();
      try {
        await host.requestHidDevice();
        // The granted device attaches a moment later; one that shows up long after is not the one asked for.
        setTimeout(() => devices.getState().expectNewDevice(false), NEW_DEVICE_WAIT_MS);
      } catch (error) {
        devices.getState().expectNewDevice(false);
        console.warn('Device permission request ended without a device', error);
      }
      return;
    }
    if (host.hostKind !== 'wasm') {
      devices.getState().expectNewDevice();
      const result = await attempt(client.getDevList());
      if (result.ok) devices.getState().setDevices(result.value);
      devices.getState().expectNewDevice(false);
      return;
    }
    if (/firefox\//i.test(navigator.userAgent)) setBrowserTip(true);
    else
      useToastStore.getState().push({ title: 'devices.add.hid.unavailable', context: '', args: '', type: 2, delay: 6 });
  };

  return { add, browserTip, closeBrowserTip: () => setBrowserTip(false) };
}
