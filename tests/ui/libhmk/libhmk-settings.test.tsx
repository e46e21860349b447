// @vitest-environment jsdom
/**
 * The libhmk settings against a virtual HE60: the options its firmware version has, calibration (recalibrate, the
 * thresholds, saving them on 1.7), and the bootloader behind its confirmation; bad values are named in both
 * languages and nothing is sent.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { libhmkEn, libhmkZh } from '../../../src/i18n/sections/libhmk';
import { LibhmkSettings } from '../../../src/ui/device-page/libhmk/LibhmkSettings';
import { openHe60 } from './harness';

async function open(language: 'en_US' | 'zh_CN' = 'en_US', fwVer = '1.7.0') {
  const he60 = await openHe60((path) => <LibhmkSettings path={path} />, language, fwVer);
  const texts = language === 'en_US' ? libhmkEn : libhmkZh;
  await screen.findByRole('heading', { name: texts['libhmk.calibration.title'] });
  const rest = screen.getByRole('textbox', { name: texts['libhmk.calibration.rest'] }) as HTMLInputElement;
  await waitFor(() => expect(rest.value).not.toBe(''));
  return { ...he60, texts, rest };
}

describe('libhmk settings', () => {
  it('offers the options of the firmware version, and a switch writes the keyboard', async () => {
    const { texts, client, path } = await open();
    expect(screen.queryByRole('switch', { name: texts['libhmk.option.saveBottomOutThreshold'] })).toBeNull();
    const xinput = screen.getByRole('switch', { name: texts['libhmk.option.xinput'] });
    await waitFor(() => expect((xinput as HTMLButtonElement).disabled).toBe(false));
    const was = (await client.libhmkGetOptions({ path })).xinput;
    fireEvent.click(xinput);
    await waitFor(async () => expect((await client.libhmkGetOptions({ path })).xinput).toBe(!was));
    await waitFor(() => expect(xinput.getAttribute('aria-checked')).toBe(String(!was)));
  });

  it('shows the 1.4-1.6 option and no save button on firmware 1.6', async () => {
    const { texts } = await open('en_US', '1.6.0');
    expect(screen.getByRole('switch', { name: texts['libhmk.option.saveBottomOutThreshold'] })).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts['libhmk.calibration.save'] })).toBeNull();
  });

  it('writes thresholds, refuses a bad one without sending it, recalibrates and saves', async () => {
    const { texts, rest, client, path, host } = await open();
    const bottom = screen.getByRole('textbox', { name: texts['libhmk.calibration.bottomOut'] }) as HTMLInputElement;
    const apply = screen.getByRole('button', { name: texts['libhmk.calibration.apply'] });
    fireEvent.change(rest, { target: { value: '1900' } });
    fireEvent.change(bottom, { target: { value: '600' } });
    fireEvent.click(apply);
    await waitFor(async () =>
      expect(await client.libhmkGetCalibration({ path })).toMatchObject({ rest: 1900, bottom_out: 600 }),
    );
    const sent = host.live.callsTo('libhmkSetCalibration').length;
    fireEvent.change(rest, { target: { value: '12.5' } });
    fireEvent.click(apply);
    expect(screen.getByRole('alert').textContent).toBe('Initial rest value must be a whole number from 0 to 65535.');
    expect(host.live.callsTo('libhmkSetCalibration')).toHaveLength(sent);
    expect(await client.libhmkGetCalibration({ path })).toMatchObject({ rest: 1900, bottom_out: 600 });

    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.calibration.recalibrate'] }));
    await screen.findByText(texts['libhmk.calibration.recalibrated'], {}, { timeout: 5000 });
    expect(host.live.callsTo('libhmkRecalibrate')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.calibration.save'] }));
    await waitFor(() => expect(host.live.callsTo('libhmkSaveCalibrationThreshold')).toHaveLength(1));
  });

  it('restarts into the bootloader only after the confirmation, which says the keyboard stops typing', async () => {
    const { texts, host } = await open();
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.bootloader.button'] }));
    const dialog = await screen.findByRole('dialog', { name: texts['libhmk.bootloader.confirm.title'] });
    expect(dialog.textContent).toContain(texts['libhmk.bootloader.confirm.body']);
    fireEvent.click(within(dialog).getByRole('button', { name: texts['libhmk.bootloader.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.live.callsTo('libhmkBootloader')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.bootloader.button'] }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: texts['libhmk.bootloader.confirm.ok'] }));
    await waitFor(() => expect(host.live.callsTo('libhmkBootloader')).toHaveLength(1));
  });

  it('speaks Chinese, and names a bad value in Chinese', async () => {
    const { texts, rest } = await open('zh_CN');
    expect(screen.getByRole('heading', { name: '校准' })).toBeTruthy();
    fireEvent.change(rest, { target: { value: '70000' } });
    fireEvent.click(screen.getByRole('button', { name: texts['libhmk.calibration.apply'] }));
    expect(screen.getByRole('alert').textContent).toBe('初始静止值 必须是 0 到 65535 之间的整数。');
  });
});
