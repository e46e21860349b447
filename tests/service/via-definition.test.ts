/** VIA definitions through the contract: a keyboard opened without one, given one, refused ones, stored ones. */
import { describe, expect, it } from 'vitest';
import type { DeviceRecord } from '../../src/contract/bridge.ts';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index.ts';
import { definitionWith, refusal, VIA_KEY, viaService } from './via-harness.ts';

describe('via definitions', () => {
  it('a keyboard without a definition opens with no layout, and says which keyboard it is', async () => {
    const { client, path, record } = await viaService();
    expect(record().layout).toBeNull();
    expect(record().features.keymap).toBe(false);
    expect(await client.viaGetDefinitionInfo({ path })).toEqual({
      vendor_id: 0x4b54,
      product_id: 0x5641,
      protocol: 12,
      name: '',
      has_definition: false,
      problem: null,
    });
  });

  it('takes its definition: stored, and the record gets the layout and the features (devs_changed)', async () => {
    const { client, path, record, store, events } = await viaService();
    const info = await client.viaSetDefinition({ path, content: KEYTUNE_VIA_65_DEFINITION });
    expect(info).toMatchObject({ has_definition: true, name: 'Keytune VIA 65' });
    expect(store.data[VIA_KEY]).toBe(KEYTUNE_VIA_65_DEFINITION);
    expect(record().layout!.keys).toHaveLength(68);
    expect(record().features).toMatchObject({ keymap: true, matrixTester: true, keyCount: 75 });
    const lists = events.filter((e) => e.event === 'devs_changed').map((e) => e.payload as DeviceRecord[]);
    expect(lists.at(-1)!.find((d) => d.path === path)!.layout).not.toBeNull();
    // The shared calls work on it at once: the keymap now has its keys.
    expect((await client.getKeyValueInfo({ path })).keycodes[0]).toHaveLength(75);
  });

  it.each([
    ['not JSON', '{ this is not json', 'via.definition.notJson', []],
    [
      'another keyboard',
      definitionWith((d) => (d['productId'] = '0x1234')),
      'via.definition.otherKeyboard',
      ['4B54:1234', '4B54:5641'],
    ],
    [
      'a matrix larger than the keyboard’s',
      definitionWith((d) => (d['matrix'] = { rows: 12, cols: 15 })),
      'via.definition.matrixTooLarge',
      ['12', '15'],
    ],
    ['no keys', definitionWith((d) => (d['layouts'] = { keymap: [] })), 'via.definition.noKeys', []],
  ])('refuses %s with err.args.invalid and its reason, and stores nothing', async (_n, content, id, values) => {
    const { client, path, record, store } = await viaService();
    const r = await refusal(client.viaSetDefinition({ path, content }));
    expect(r).toEqual({ key: 'err.args.invalid', args: [id, ...values] });
    expect(store.data).toEqual({});
    expect(record().layout).toBeNull();
    expect((await client.viaGetDefinitionInfo({ path })).has_definition).toBe(false);
  });

  it('refuses a definition with too many keys', async () => {
    const { client, path, store } = await viaService();
    const rows = Array.from({ length: 5 }, (_, r) => Array.from({ length: 220 }, (_, i) => `${r},${i % 15}`));
    const content = definitionWith((d) => (d['layouts'] = { keymap: rows }));
    const r = await refusal(client.viaSetDefinition({ path, content }));
    expect(r.args[0]).toBe('via.definition.tooManyKeys');
    expect(store.data).toEqual({});
  });

  it('a stored definition of another keyboard is not used, and the reason is told', async () => {
    const { client, path, record } = await viaService({ definition: definitionWith((d) => (d['vendorId'] = '0x1')) });
    expect(record().layout).toBeNull();
    const info = await client.viaGetDefinitionInfo({ path });
    expect(info.problem).toEqual(['via.definition.otherKeyboard', '0001:5641', '4B54:5641']);
  });

  it('is refused on a keyboard of another family with an en+zh reason, and nothing changes', async () => {
    const { client } = await viaService();
    const keytune = await client.addVirtualDevice({ display_name: 'Made68Pro', fw_ver: '1.4.2' });
    expect((await refusal(client.viaSetDefinition({ path: keytune, content: KEYTUNE_VIA_65_DEFINITION }))).key).toBe(
      'via.err.notVia',
    );
    expect((await refusal(client.viaGetDefinitionInfo({ path: keytune }))).key).toBe('via.err.notVia');
  });
});
