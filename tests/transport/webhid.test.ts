import { describe, expect, it } from 'vitest';
import { VirtualKeyboard } from '../../src/firmware/index.ts';
import { registerAppHandlers } from '../../src/service/handlers/app.ts';
import { DeviceService } from '../../src/service/service.ts';
import { FakeHid } from '../../src/testing/fake-hid.ts';
import { hasConfigCollection, hidRequestFilters, WebHidTransport } from '../../src/transport/webhid.ts';

function appService(): DeviceService {
  const service = new DeviceService();
  registerAppHandlers(service);
  return service;
}

function plugged(model = 'made68pro', fwVer = '1.3.7') {
  const hid = new FakeHid();
  const device = hid.plug(new VirtualKeyboard({ model, fwVer, serial: 'HID00000001' }));
  return { hid, device };
}

describe('WebHID transport', () => {
  it('asks for the three vendor ids on the vendor usage page', () => {
    expect(hidRequestFilters()).toEqual([
      { vendorId: 1046, usagePage: 0xff60, usage: 0x61 },
      { vendorId: 13495, usagePage: 0xff60, usage: 0x61 },
      { vendorId: 14420, usagePage: 0xff60, usage: 0x61 },
    ]);
  });

  it('finds the device through the chooser and recognises its configuration collection', async () => {
    const { hid } = plugged();
    const [picked] = await hid.requestDevice({ filters: hidRequestFilters() });
    expect(picked).toBeDefined();
    expect(hasConfigCollection(picked as unknown as HIDDevice)).toBe(true);
    expect(await hid.getDevices()).toHaveLength(1);
  });

  it('a keyboard of another vendor is not offered', async () => {
    const { hid, device } = plugged();
    Object.defineProperty(device, 'vendorId', { value: 0x1234 });
    expect(await hid.requestDevice({ filters: hidRequestFilters() })).toHaveLength(0);
  });

  it('carries the whole service: handshake, a read and a write reach the firmware', async () => {
    const { hid, device } = plugged();
    const service = appService();
    const entry = await service.attach(new WebHidTransport(device as unknown as HIDDevice, hid as unknown as HID));
    expect(entry.record.display_name).toBe('Made68Pro');
    expect(entry.record.fw_ver).toBe('V1.3.7');
    expect(entry.path.startsWith('webhid:')).toBe(true);
    const list = (await service.call('app_info', 'get_dev_list')) as { path: string }[];
    expect(list.map((d) => d.path)).toEqual([entry.path]);
  });

  it('an unplug removes the device and rejects calls with err.dev.disconnected', async () => {
    const { hid, device } = plugged();
    const service = appService();
    const entry = await service.attach(new WebHidTransport(device as unknown as HIDDevice, hid as unknown as HID));
    hid.unplug(device);
    expect(await service.call('app_info', 'get_dev_list')).toEqual([]);
    await expect(entry.session.readObject('keymap')).rejects.toMatchObject({ reason: 'disconnected' });
  });
});
