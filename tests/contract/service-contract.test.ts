import { BridgeCallError, type ToastPayload } from '../../src/contract/bridge.ts';
import { CALLS } from '../../src/contract/contract.ts';
import { createDeviceService } from '../../src/service/index.ts';
import { makeHarness } from '../service/harness.ts';

describe('the service implements the contract', () => {
  it('has a handler for every declared call', () => {
    expect(createDeviceService().unimplemented()).toEqual([]);
    expect(Object.keys(CALLS).length).toBeGreaterThan(25);
  });

  it.each([
    ['null', null],
    ['a number', 3],
    ['a list with null', ['--path', null]],
    ['a list with a number', ['--display_name', 'made68pro', '--fw_ver', 137]],
  ])('refuses %s as arguments with err.args.invalid, not as a keyboard fault', async (_, args) => {
    const h = makeHarness();
    const call = h.service.call('app_info', 'add_virtual_device', args as unknown as string[]);
    await expect(call).rejects.toBeInstanceOf(BridgeCallError);
    await expect(call).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
    expect((h.last('toast_message') as ToastPayload).title).toBe('err.args.invalid');
    expect(h.service.devices()).toHaveLength(0);
  });

  it('refuses an unknown call and an unknown argument', async () => {
    const h = makeHarness();
    await expect(h.service.call('dev_info', 'no_such_call', [])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
    await expect(
      h.service.call('app_info', 'add_virtual_device', [
        '--display_name',
        'made68pro',
        '--fw_ver',
        '1.3.7',
        '--x',
        '1',
      ]),
    ).rejects.toMatchObject({ toastKey: 'err.args.invalid' });
  });

  it('answers typed values through the client', async () => {
    const h = makeHarness();
    const path = await h.client.addVirtualDevice({ display_name: 'made68pro', fw_ver: '1.3.7' });
    const list = await h.client.getDevList();
    expect(list.map((d) => d.path)).toEqual([path]);
    expect(list[0]!.display_name).toBe('Made68Pro');
    const seen: string[] = [];
    h.client.on('update_theme', (theme) => seen.push(theme));
    expect(await h.client.setTheme({ theme: 'dark' })).toBe('dark');
    expect(seen).toEqual(['dark']);
  });

  it('takes the spec positional form of show_loading', async () => {
    const h = makeHarness();
    expect(await h.service.call('dev_info', 'show_loading', ['1'])).toBe('1');
    expect(h.last('dev_info')).toEqual({ loading: true });
    await expect(h.service.call('dev_info', 'show_loading', ['2'])).rejects.toMatchObject({
      toastKey: 'err.args.invalid',
    });
  });

  it('device errors use the toast table: err.dev.not.found is an error shown for 5 s', async () => {
    const h = makeHarness();
    await expect(h.client.pressKey({ path: 'nowhere', key_id: 1, depth: 2 })).rejects.toMatchObject({
      toastKey: 'err.dev.not.found',
      toastType: 1,
      toastDelay: 5,
    });
    expect(h.last('toast_message')).toMatchObject({ title: 'err.dev.not.found', type: 1, delay: 5 });
  });

  it('tells hosts when devices come and go, and why', async () => {
    const h = makeHarness();
    const seen: string[] = [];
    h.service.onDeviceAttached((e) => seen.push(`attached ${e.record.name}`));
    h.service.onDeviceRemoved((e, reason) => seen.push(`${reason} ${e.record.name}`));
    const a = await h.client.addVirtualDevice({ display_name: 'made68pro', fw_ver: '1.3.7' });
    await h.client.addVirtualDevice({ display_name: 'made84pro', fw_ver: '1.3.7' });
    await h.client.removeDevice({ path: a });
    h.transportOf(1).disconnect();
    expect(seen).toEqual(['attached made68pro', 'attached made84pro', 'removed made68pro', 'disconnected made84pro']);
  });

  it('a call waiting for its turn when the keyboard is unplugged fails as disconnected, not as unknown', async () => {
    const h = makeHarness({ reportIntervalMs: 1, latencyMs: 0, jitterMs: 0, loss: 0 });
    const path = await h.add('made68pro', '1.3.7');
    const first = h.client.getKeyValueInfo({ path });
    const waiting = h.client.getSettingData({ path });
    h.transportOf().injectFault('toHost', 1, { kind: 'cut', power: 'kept' });
    await expect(first).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
    await expect(waiting).rejects.toMatchObject({ toastKey: 'err.dev.disconnected' });
    await expect(h.client.getSettingData({ path })).rejects.toMatchObject({ toastKey: 'err.dev.not.found' });
  });
});
