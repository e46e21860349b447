/** A virtual keyboard on the real device service for the Key LED tab tests, and the tab rendered over it. */
import { screen } from '@testing-library/react';
import type { Language } from '../../../src/i18n/translate';
import LedTab from '../../../src/ui/device-page/lighting/LedTab';
import { renderWithServices } from '../render';
import { testHost } from '../test-host';

export async function ledKeyboard(model = 'Made68Pro', fwVer?: string) {
  const host = testHost();
  const path = await host.live.addVirtual(model, fwVer ? { fwVer } : {});
  return {
    host,
    path,
    client: host.live.client,
    /** A fresh read of the key colour info from the device service. */
    read: () => host.live.client.getKeyColorInfo({ path }),
  };
}

export type LedKeyboard = Awaited<ReturnType<typeof ledKeyboard>>;

export async function renderLedTab(keyboard: LedKeyboard, language?: Language) {
  const rendered = renderWithServices(<LedTab path={keyboard.path} />, {
    host: keyboard.host,
    ...(language ? { language } : {}),
  });
  await screen.findByRole('grid');
  return rendered;
}
