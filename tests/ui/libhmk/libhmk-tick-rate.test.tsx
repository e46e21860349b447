// @vitest-environment jsdom
/**
 * The tick rate of the profile the app edits, in the libhmk settings of a virtual HE60: read from the keyboard (30 out
 * of the box, marked Default), a step written and read back, and the other profiles left alone; in Chinese too.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { libhmkEn, libhmkZh } from '../../../src/i18n/sections/libhmk';
import { LibhmkSettings } from '../../../src/ui/device-page/libhmk/LibhmkSettings';
import { openHe60 } from './harness';

describe('libhmk tick rate', () => {
  it('shows the edited profile’s tick rate and writes a change to that profile only', async () => {
    const { client, path } = await openHe60((p) => <LibhmkSettings path={p} />, 'en_US', '1.7.0');
    const slider = await screen.findByRole('slider', { name: libhmkEn['libhmk.tick.label'].replace('{0}', '1') });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '30'));
    expect(slider).not.toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(
      screen.getByRole('button', { name: `Increase ${libhmkEn['libhmk.tick.label'].replace('{0}', '1')}` }),
    );
    await waitFor(async () => expect(await client.libhmkGetTickRate({ path })).toBe(31));
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '31'));
    expect(await screen.findByText(libhmkEn['libhmk.tick.saved'].replace('{0}', '31'))).toBeTruthy();
    expect(await client.libhmkGetTickRate({ path, profile: 1 })).toBe(30);
  });

  it('is named in Chinese', async () => {
    await openHe60((p) => <LibhmkSettings path={p} />, 'zh_CN', '1.7.0');
    expect(await screen.findByRole('heading', { name: libhmkZh['libhmk.tick.title'] })).toBeTruthy();
    expect(await screen.findByRole('slider', { name: libhmkZh['libhmk.tick.label'].replace('{0}', '1') })).toBeTruthy();
  });
});
