/**
 * The add-device action. In the browser it asks for WebHID permission (the host filters by the product's vendor
 * ids); its errors, such as the person closing the picker, are only logged (spec-2 §8). Desktop hosts see devices
 * without permission, so add just re-reads the list there.
 */
import { useState } from 'react';
import { attempt } from '../call';
import { useServices } from '../services';
import { useToastStore } from '../toasts/store';

export function useAddDevice() {
  const { host, client, devices } = useServices();
  const [browserTip, setBrowserTip] = useState(false);

  const add = async (): Promise<void> => {
    if (host.hasWebHid) {
      try {
        await host.requestHidDevice();
      } catch (error) {
        console.warn('Device permission request ended without a device', error);
      }
      return;
    }
    if (host.hostKind !== 'wasm') {
      const result = await attempt(client.getDevList());
      if (result.ok) devices.getState().setDevices(result.value);
      return;
    }
    if (/firefox\//i.test(navigator.userAgent)) setBrowserTip(true);
    else
      useToastStore.getState().push({ title: 'devices.add.hid.unavailable', context: '', args: '', type: 2, delay: 6 });
  };

  return { add, browserTip, closeBrowserTip: () => setBrowserTip(false) };
}
