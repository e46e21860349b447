// @vitest-environment jsdom
/**
 * The bug report on the page: saved for a chosen device (serial numbers left out unless ticked) with the page's own
 * version, browser and warnings; a saved file opened again shows the device, its features and the exchanges table in
 * both languages; a file that is not a report is refused with a message and changes nothing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reportBundleSchema, type ReportBundle } from '../../../src/contract/areas/report';
import { reportEn, reportZh } from '../../../src/i18n/sections/report';
import { ReportBundleSection, useSaveReport } from '../../../src/ui/help/ReportBundle';
import { ToastLayer } from '../../../src/ui/toasts/ToastLayer';
import { renderWithServices, serviceDoes } from '../render';
import { testHost } from '../test-host';

/** What the page saved through the browser's download: file name and text. */
const saved = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('../../../src/ui/device-page/themes/download', () => ({
  downloadText: (name: string, text: string) => saved.push({ name, text }),
}));

function captureDownloads() {
  saved.length = 0;
  return saved;
}

async function withKeyboard(language: 'en_US' | 'zh_CN' = 'en_US') {
  const host = testHost();
  const path = await host.live.addVirtual('Made68Pro', { fwVer: '1.4.2' });
  const serial = host.live.records()[0]!.dev_sn;
  return { host, path, serial, language };
}

const openFile = (file: File) =>
  serviceDoes(async () => {
    fireEvent.change(screen.getByTestId('report-open-file'), { target: { files: [file] } });
  });

/** The value next to a label in the report's facts. */
const fact = (view: HTMLElement, label: string) =>
  within(view).getAllByText(label, { selector: 'dt' })[0]!.nextElementSibling?.textContent;

const fileOf = (bundle: unknown, name = 'report.json') => new File([JSON.stringify(bundle)], name);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('saving a bug report', () => {
  it('saves the chosen device with the page’s version, browser and warnings, serial numbers left out', async () => {
    const files = captureDownloads();
    const { host, path, serial } = await withKeyboard();
    renderWithServices(
      <>
        <ReportBundleSection />
        <ToastLayer />
      </>,
      { host },
    );
    console.warn(`page warning about ${path}`);
    await userEvent.click(screen.getByRole('button', { name: reportEn['report.save'] }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toMatch(/^keytune-report-Made68Pro-\d{8}-\d{6}\.json$/);
    const text = files[0]!.text;
    const bundle = reportBundleSchema.parse(JSON.parse(text));
    expect(bundle.device.model).toBe('Made68Pro');
    expect(bundle.app.version).toBe('0.1.0');
    expect(bundle.system.page?.user_agent).toBe(navigator.userAgent);
    expect(bundle.serials).toBe('hashed');
    expect(text).not.toContain(serial);
    const warning = bundle.messages.find((m) => m.where === 'page' && m.text.startsWith('page warning about'));
    expect(warning?.text).toContain(bundle.device.path);
    expect(await screen.findByText(reportEn['report.saved'].replace('{0}', files[0]!.name))).toBeInTheDocument();
  });

  it('includes the serial numbers when the box is ticked', async () => {
    const files = captureDownloads();
    const { host, serial } = await withKeyboard();
    renderWithServices(<ReportBundleSection />, { host });
    await userEvent.click(screen.getByRole('checkbox', { name: reportEn['report.include.serial'] }));
    await userEvent.click(screen.getByRole('button', { name: reportEn['report.save'] }));
    await waitFor(() => expect(files).toHaveLength(1));
    const bundle = JSON.parse(files[0]!.text) as ReportBundle;
    expect(bundle.serials).toBe('included');
    expect(bundle.device.serial).toBe(serial);
  });

  it('saves from a device card’s menu item through useSaveReport', async () => {
    const files = captureDownloads();
    const { host, path, serial } = await withKeyboard();
    function MenuItem() {
      const save = useSaveReport();
      return (
        <button type="button" onClick={() => void save(path)}>
          menu item
        </button>
      );
    }
    renderWithServices(<MenuItem />, { host });
    await userEvent.click(screen.getByRole('button', { name: 'menu item' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const text = files[0]!.text;
    expect((JSON.parse(text) as ReportBundle).device.path).not.toBe(path);
    expect(text).not.toContain(serial);
  });
});

describe('opening a bug report', () => {
  async function savedBundle() {
    const { host, path } = await withKeyboard();
    await host.live.client.getSettingData({ path });
    const bundle = await host.live.client.getReportBundle({ path });
    return { host, bundle };
  }

  it('shows the device, its features and the exchanges as a table', async () => {
    const { host, bundle } = await savedBundle();
    // A timeout as the service marks it, so the table has a marked row to show.
    const marked = {
      ...bundle,
      exchanges: [...bundle.exchanges, { t_ms: 99.5, dir: 'sent', hex: '0185'.padEnd(128, '0'), outcome: 'timeout' }],
    };
    renderWithServices(<ReportBundleSection />, { host });
    await openFile(fileOf(marked, 'from-a-user.json'));
    const view = await screen.findByRole('article');
    expect(within(view).getByText('from-a-user.json')).toBeInTheDocument();
    expect(fact(view, reportEn['report.fact.model'])).toBe('Made68Pro (made68pro)');
    expect(fact(view, reportEn['report.fact.firmware'])).toBe(bundle.device.firmware);
    expect(fact(view, reportEn['report.fact.serial'])).toBe(`${bundle.device.serial} (left out)`);
    expect(fact(view, reportEn['report.fact.app'])).toBe('Unknown');
    expect(fact(view, reportEn['report.feature.keys'])).toBe(String(bundle.features.keyCount));
    expect(fact(view, reportEn['report.restore.points'])).toBe(reportEn['report.restore.none']);
    const table = within(view).getByRole('region', { name: reportEn['report.exchanges'] });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(marked.exchanges.length + 1);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      reportEn['report.col.time'],
      reportEn['report.col.direction'],
      reportEn['report.col.bytes'],
      reportEn['report.col.outcome'],
    ]);
    const last = rows.at(-1)!;
    expect(last).toHaveTextContent('99.50');
    expect(last).toHaveTextContent(reportEn['report.dir.sent']);
    expect(last).toHaveTextContent('01 85');
    expect(last).toHaveTextContent('+62 zero bytes');
    expect(last).toHaveTextContent(reportEn['report.outcome.timeout']);
  });

  it('reads the same in Chinese', async () => {
    const { host, bundle } = await savedBundle();
    renderWithServices(<ReportBundleSection />, { host, language: 'zh_CN' });
    await openFile(fileOf(bundle));
    const view = await screen.findByRole('article');
    expect(within(view).getByRole('heading', { name: reportZh['report.features'] })).toBeInTheDocument();
    expect(fact(view, reportZh['report.fact.virtual'])).toBe(reportZh['report.yes']);
    const table = within(view).getByRole('region', { name: reportZh['report.exchanges'] });
    expect(within(table).getAllByText(reportZh['report.dir.received']).length).toBeGreaterThan(0);
    expect(within(table).getAllByText(reportZh['report.outcome.ok']).length).toBeGreaterThan(0);
  });

  it('refuses a file that is not a report, in both languages, and keeps the report shown before', async () => {
    const { host, bundle } = await savedBundle();
    const first = renderWithServices(<ReportBundleSection />, { host });
    await openFile(fileOf(bundle, 'good.json'));
    expect(await screen.findByText('good.json')).toBeInTheDocument();
    for (const bad of [new File(['not json at all'], 'notes.txt'), fileOf({ format: 'keytune-backup' })]) {
      await openFile(bad);
      expect(await screen.findByRole('alert')).toHaveTextContent(reportEn['report.open.not.bundle']);
      expect(screen.getByText('good.json')).toBeInTheDocument();
    }
    // A report whose exchanges are not bytes is not a report either.
    await openFile(fileOf({ ...bundle, exchanges: [{ ...bundle.exchanges[0], hex: 'zz' }] }));
    expect(screen.getByRole('alert')).toHaveTextContent(reportEn['report.open.not.bundle']);
    await openFile(fileOf({ ...bundle, version: 7 }));
    expect(screen.getByRole('alert')).toHaveTextContent(reportEn['report.open.newer'].replace('{0}', '7'));
    first.unmount();

    renderWithServices(<ReportBundleSection />, { host, language: 'zh_CN' });
    await openFile(fileOf([1, 2, 3]));
    expect(await screen.findByRole('alert')).toHaveTextContent(reportZh['report.open.not.bundle']);
    expect(screen.queryByRole('article')).toBeNull();
  });
});
