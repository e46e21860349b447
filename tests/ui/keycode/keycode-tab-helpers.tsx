/**
 * A made68pro behind the fake bridge for the Key code tab tests: it keeps four layers of codes, answers
 * get_key_value_info and set_key_info like the service (each followed by the get_key_value_info event), and lets a
 * test hold or refuse the next set_key_info.
 */
import { screen } from '@testing-library/react';
import { keywordToKeycode } from '../../../src/core/keycode-space';
import { defaultKeymap } from '../../../src/core/layouts';
import { BridgeCallError } from '../../../src/service/bridge';
import KeyCodeTab from '../../../src/ui/device-page/key-code/KeyCodeTab';
import { fakeDevice, type RecordedCall } from '../fake-bridge';
import { fakeHost } from '../fake-host';
import { renderWithServices } from '../render';

export function fakeKeyboard(options: { currentLayer?: number } = {}) {
  const host = fakeHost();
  const device = fakeDevice();
  const factory = defaultKeymap('made68pro');
  const state = { layers: factory.map((l) => [...l]), current: options.currentLayer ?? 0 };
  const payload = () => ({
    path: device.path,
    kcm_size: state.layers.length,
    kcm_index: state.current,
    keycodes: state.layers.map((l) => [...l]),
    dks_list: [],
    shortcut_list: [],
    macro_list: [],
    snaptap_list: [],
    hypertap_list: [],
  });
  /** Set by a test to answer the next set_key_info itself (hold it, refuse it). */
  let next: ((call: RecordedCall) => Promise<unknown>) | undefined;

  const apply = (call: RecordedCall) => {
    const index = Number(call.named.get('index'));
    const reset = call.named.get('reset');
    if (reset === 'layer') state.layers[index] = [...factory[index]!];
    else if (call.named.has('keywords')) {
      const ids = JSON.parse(call.named.get('select')!) as number[];
      const code = keywordToKeycode(call.named.get('keywords')!)!;
      for (const id of ids) state.layers[index]![id] = code;
    } else if (call.named.has('code')) {
      const ids = JSON.parse(call.named.get('select')!) as number[];
      for (const id of ids) state.layers[index]![id] = Number(call.named.get('code'));
    } else state.current = index;
    const p = payload();
    host.bridge.emit('get_key_value_info', p);
    return p;
  };

  host.bridge.respond('dev_info', 'get_key_value_info', () => {
    const p = payload();
    host.bridge.emit('get_key_value_info', p);
    return p;
  });
  host.bridge.respond('dev_info', 'set_key_info', (call: RecordedCall) => {
    const handler = next;
    next = undefined;
    return handler ? handler(call).then(() => apply(call)) : apply(call);
  });

  return {
    host,
    device,
    state,
    factory,
    payload,
    /** The next set_key_info waits until the returned function is called with true (answer) or false (refuse). */
    holdNext(): (answer: boolean) => void {
      let settle: (answer: boolean) => void = () => {};
      next = () =>
        new Promise((resolve, reject) => {
          settle = (answer) =>
            answer ? resolve(undefined) : reject(new BridgeCallError('err.args.invalid', 'refused'));
        });
      return (answer) => settle(answer);
    },
    refuseNext(): void {
      next = () => Promise.reject(new BridgeCallError('err.args.invalid', 'refused'));
    },
    setKeyInfoCalls: () => host.bridge.callsTo('dev_info', 'set_key_info'),
  };
}

export async function renderTab(keyboard: ReturnType<typeof fakeKeyboard>, language?: 'en_US' | 'zh_CN') {
  const rendered = renderWithServices(<KeyCodeTab path={keyboard.device.path} />, {
    host: keyboard.host,
    devices: [keyboard.device],
    ...(language ? { language } : {}),
  });
  await screen.findByRole('button', { name: language === 'zh_CN' ? '第 1 层' : 'Layer 1' });
  await screen.findByRole('grid');
  return rendered;
}
