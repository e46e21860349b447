import { parseVirtualParams, virtualsToAdd } from '../../src/ui/startup/virtual-param';
import { deviceRecord } from './records';

describe('?virtual= address parameter', () => {
  it('reads every model@version, in any case and with or without V', () => {
    const { requests, rejected } = parseVirtualParams('?virtual=made68pro@1.3.7&virtual=Made68Ultra%2B@V1.4.2');
    expect(requests.map((r) => `${r.model.name}@${r.fwVer}`)).toEqual(['made68pro@1.3.7', 'made68ultra+@1.4.2']);
    expect(rejected).toEqual([]);
  });

  it('rejects unknown models and missing or bad versions', () => {
    const { requests, rejected } = parseVirtualParams('?virtual=nope@1.0.0&virtual=made68pro&virtual=made68pro@x');
    expect(requests).toEqual([]);
    expect(rejected).toEqual(['nope@1.0.0', 'made68pro', 'made68pro@x']);
  });

  it('skips keyboards already restored after a reload, counting duplicates', () => {
    const { requests } = parseVirtualParams('?virtual=made68pro@1.3.7&virtual=made68pro@1.3.7&virtual=cyber01@2.1.7');
    const present = [deviceRecord({ fw_ver: '1.3.7' }), deviceRecord({ fw_ver: '1.3.7', virtual: false })];
    expect(virtualsToAdd(requests, present).map((r) => `${r.model.name}@${r.fwVer}`)).toEqual([
      'made68pro@1.3.7',
      'cyber01@2.1.7',
    ]);
    const both = [deviceRecord({ fw_ver: 'V1.3.7' }), deviceRecord({ fw_ver: '1.3.7' })];
    expect(virtualsToAdd(requests, both).map((r) => r.model.name)).toEqual(['cyber01']);
  });

  it('a VIA keyboard already there satisfies its address on reload, whatever firmware number it reports', () => {
    const { requests } = parseVirtualParams('?virtual=via65@12.0.0');
    const via = {
      ...deviceRecord(),
      name: 'keytunevia65',
      display_name: 'Keytune VIA 65',
      fw_ver: '0.0.0',
      virtual: true,
    };
    expect(virtualsToAdd(requests, [via])).toEqual([]);
    expect(virtualsToAdd(requests, [])).toHaveLength(1);
  });
});
