// @vitest-environment jsdom
/**
 * The VIA saved-layout section of the VIA tab against a fake of the service's backup calls: Export saves VIA's file
 * of the keyboard's backup, named as VIA names it; Import reads a VIA file into a backup of this keyboard and opens the
 * restore dialog with it; another keyboard's file is refused with its reason before the keyboard is asked anything.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Tooltip } from 'radix-ui';
import { createClient, type Client } from '../../src/contract/client';
import type { ViaDefinitionInfo } from '../../src/contract/areas/via';
import type { KeyboardBackup } from '../../src/core/backup/format';
import { viaSavedLayoutOf } from '../../src/core/backup/via-saved-layout';
import { buildDefaultResources } from '../../src/core/resources';
import type { Language } from '../../src/i18n/translate';
import { createDeviceStore } from '../../src/ui/device-list/store';
import { ServicesProvider } from '../../src/ui/services';
import { createUpdateChecker } from '../../src/ui/update-checker';
import { ViaSavedLayout } from '../../src/ui/device-page/via/ViaSavedLayout';
import ViaTab from '../../src/ui/device-page/via/ViaTab';
import { KEYTUNE_VIA_65_DEFINITION } from '../../src/firmware/via/index';
import { deviceRecord } from './records';
import { resetStores, serviceDoes } from './render';
import { testHost } from './test-host';
import { renderVia } from './via/via-host';

const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../src/ui/device-page/themes/download', () => ({
  downloadText: (name: string, text: string) => saved.push({ name, text }),
}));

const INFO: ViaDefinitionInfo = {
  vendor_id: 0xfeed,
  product_id: 0x0003,
  protocol: 12,
  name: 'Mini Three',
  has_definition: true,
  problem: null,
};

/** A VIA keyboard of 3 keys, 2 layers and 2 macros, as getBackup answers. */
const BACKUP: KeyboardBackup = {
  format: 'keytune-backup',
  version: 2,
  created: '2026-03-04T05:06:07.000Z',
  device: {
    family: 'via',
    model: 'feed:0003',
    displayName: 'Mini Three',
    firmware: '0.1.0',
    hardware: '',
    serial: '',
    keyCount: 3,
  },
  currentProfile: 0,
  profiles: [
    {
      keymap: [
        [0x14, 0x1a, 0x5221],
        [0x01, 0xa9, 0x01],
      ],
    },
  ],
  objects: { macros: [[{ kind: 'text', text: 'gg' }], []], layoutOptions: 2 },
};

function renderSection(language: Language = 'en_US') {
  saved.length = 0;
  resetStores(language);
  const host = testHost();
  const device = deviceRecord({ display_name: 'Mini Three', name: 'minithree' });
  const calls: { name: string; args: unknown }[] = [];
  const fake =
    <T,>(name: string, answer: T) =>
    async (args: unknown) => {
      calls.push({ name, args });
      return answer;
    };
  const client: Client = {
    ...createClient(host.bridge),
    getBackup: fake('getBackup', structuredClone(BACKUP)),
    viaGetDefinitionInfo: fake('viaGetDefinitionInfo', INFO),
    diffBackup: fake('diffBackup', { lines: [], unheld: [] }),
  };
  const devices = createDeviceStore();
  devices.getState().setDevices([device]);
  const resources = buildDefaultResources('0.1.0');
  const services = { host, client, resources, devices, updates: createUpdateChecker(resources.version.firmware) };
  render(
    <ServicesProvider services={services}>
      <Tooltip.Provider>
        <ViaSavedLayout path={device.path} />
      </Tooltip.Provider>
    </ServicesProvider>,
  );
  const callsTo = (name: string) => calls.filter((c) => c.name === name).map((c) => c.args);
  return { device, callsTo };
}

async function importFile(text: string, name = 'mini_three.layout.json') {
  await serviceDoes(async () => {
    fireEvent.change(screen.getByTestId('via-saved-file'), { target: { files: [new File([text], name)] } });
  });
}

describe('VIA saved layout section', () => {
  it('exports the keyboard as VIA’s saved layout, named as VIA names it', async () => {
    const { callsTo, device } = renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Export VIA layout…' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(callsTo('getBackup')).toEqual([{ path: device.path }]);
    expect(saved[0]!.name).toBe('mini_three.layout.json');
    const file = JSON.parse(saved[0]!.text);
    expect(file).toEqual(viaSavedLayoutOf(BACKUP, { protocol: 12, name: 'Mini Three' }));
    expect(file).toMatchObject({
      name: 'Mini Three',
      vendorProductId: 0xfeed0003,
      layers: [
        ['KC_Q', 'KC_W', 'MO(1)'],
        ['KC_TRNS', 'KC_VOLU', 'KC_TRNS'],
      ],
      macros: ['gg', ''],
      layoutOptions: 2,
    });
    expect(await screen.findByText('Saved mini_three.layout.json.')).toBeInTheDocument();
  });

  it('imports a VIA file into the restore dialog with the converted backup', async () => {
    const { callsTo, device } = renderSection();
    const text = JSON.stringify({
      name: 'Mini Three',
      vendorProductId: 0xfeed0003,
      macros: ['{KC_LCTL,KC_V}', ''],
      layers: [['KC_ESC', 'LT(1,KC_SPC)', 'KC_B']],
      layoutOptions: 1,
      encoders: [[['KC_VOLD', 'KC_VOLU']]],
    });
    await importFile(text);
    const dialog = await screen.findByRole('dialog', { name: 'Restore Mini Three' });
    expect(within(dialog).getByText('From: VIA saved layout mini_three.layout.json')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('diffBackup')).toHaveLength(1));
    const asked = callsTo('diffBackup')[0] as { path: string; backup: string };
    expect(asked.path).toBe(device.path);
    const backup = JSON.parse(asked.backup) as KeyboardBackup;
    expect(backup.profiles[0]!.keymap).toEqual([
      [0x29, 0x412c, 0x05],
      [0x01, 0xa9, 0x01],
    ]);
    expect(backup.objects).toEqual({
      macros: [
        [
          { kind: 'down', code: 0xe0 },
          { kind: 'down', code: 0x19 },
          { kind: 'up', code: 0x19 },
          { kind: 'up', code: 0xe0 },
        ],
        [],
      ],
      layoutOptions: 1,
    });
    expect(backup.device).toEqual(BACKUP.device);
    // What the file held that Keytune does not take is said.
    expect(screen.getByText(/encoder settings are left out/)).toBeInTheDocument();
  });

  it('refuses another keyboard’s file with its reason, and opens nothing', async () => {
    const { callsTo } = renderSection();
    await importFile(JSON.stringify({ name: 'Big Board', vendorProductId: 0x12340001, layers: [['KC_A']] }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This layout was saved from another keyboard: Big Board (1234:0001). This keyboard is feed:0003. Nothing was changed.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('diffBackup')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    renderSection('zh_CN');
    expect(screen.getByRole('heading', { name: 'VIA 布局存档' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导出 VIA 布局…' })).toBeInTheDocument();
    await importFile('not json');
    expect(await screen.findByRole('alert')).toHaveTextContent('此文件不是 VIA 布局存档：它不是 JSON。 未做任何更改。');
  });

  it('against the simulated keyboard: exports it, and restores an edited file onto it', async () => {
    saved.length = 0;
    const via = await renderVia((path) => <ViaSavedLayout path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION });
    fireEvent.click(screen.getByRole('button', { name: 'Export VIA layout…' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const file = JSON.parse(saved[0]!.text) as { layers: string[][]; macros: string[]; layoutOptions: number };
    expect(saved[0]!.name).toBe('keytune_via_65.layout.json');
    expect(file.layers).toHaveLength(4);
    expect(file.layers[0]![1]).toBe('KC_1');
    expect(file.layoutOptions).toBe(0);
    file.layers[1]![16] = 'KC_F13';
    file.macros[0] = 'hi{KC_ENT}';
    file.layoutOptions = 1;
    await importFile(JSON.stringify(file), saved[0]!.name);
    const dialog = await screen.findByRole('dialog', { name: /Restore/ });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Restore' }));
    await within(dialog).findByText(/^Restored/);
    expect(via.sim.keycode(1, 1, 1)).toBe(0x68);
    expect(via.sim.playMacro(0)).toEqual([
      { type: 'char', char: 'h' },
      { type: 'char', char: 'i' },
      { type: 'tap', key: 0x28 },
    ]);
    expect(via.sim.serialize().layoutOptions).toBe(1);
  });

  it('is on the VIA tab of a keyboard with a key map', async () => {
    await renderVia((path) => <ViaTab path={path} />, { definition: KEYTUNE_VIA_65_DEFINITION });
    expect(await screen.findByRole('heading', { name: 'VIA saved layout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import VIA layout…' })).toBeInTheDocument();
  });
});
