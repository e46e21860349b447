import { createUpdateChecker, isNewerFirmware, pendingUpdate } from '../../src/ui/update-checker';
import { deviceRecord } from './records';

const latest = { made68pro: '1.4.2', 'made68pro+': '1.4.2', cyber01: '3.0.2' };

describe('update checker', () => {
  it('compares versions numerically, with or without V', () => {
    expect(isNewerFirmware('1.3.7', '1.4.2')).toBe(true);
    expect(isNewerFirmware('V1.4.2', '1.4.2')).toBe(false);
    expect(isNewerFirmware('2.9.9', '2.10.0')).toBe(true);
    expect(isNewerFirmware('1.5.0', '1.4.2')).toBe(false);
  });

  it('sees no update when a version cannot be read or no release is known', () => {
    expect(isNewerFirmware('beta', '1.4.2')).toBe(false);
    expect(isNewerFirmware('1.0.0', undefined)).toBe(false);
    expect(pendingUpdate(deviceRecord({ name: 'magi60', display_name: 'Magi60', fw_ver: '0.0.1' }), latest)).toBe(
      undefined,
    );
  });

  it('flags a device running older firmware than version.json lists for its model', () => {
    expect(pendingUpdate(deviceRecord({ fw_ver: '1.3.7' }), latest)).toBe('1.4.2');
    expect(pendingUpdate(deviceRecord({ fw_ver: '1.4.2' }), latest)).toBeUndefined();
    expect(
      pendingUpdate(deviceRecord({ name: 'made68pro+', display_name: 'Made68Pro+', fw_ver: 'V1.4.1' }), latest),
    ).toBe('1.4.2');
  });

  it('trusts the service when it flags the device itself', () => {
    const device = deviceRecord({ fw_ver: '1.4.2', red_point: true, update_fw_ver: '1.5.0' });
    expect(createUpdateChecker(latest).pendingFor(device)).toBe('1.5.0');
  });
});
