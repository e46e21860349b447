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

import {
  catalogueSource,
  checkSources,
  downloadFirmware,
  NEWER_TYPE,
  templateSource,
  watchForUpdates,
  type CheckQuery,
  type UpdateSource,
} from '../../src/ui/update-checker';
import { createDeviceStore } from '../../src/ui/device-list/store';
import { buildFirmwareCatalogue, catalogueSlug } from '../../scripts/firmware-catalogue';
import { readFirmwarePackage } from '../../src/core/firmware-package';
import { readFirmwareHeader } from '../../src/protocol/firmware-image';
import { LATEST_FIRMWARE } from '../../src/core/resources';
import { findModel } from '../../src/core/models';

const query: CheckQuery = { name: 'made68pro', fw_ver: 'V1.4.1', hw_ver: 'V1.0.0', dev_sn: 'SN1', language: 'en_US' };
const answer = (url: string, update_fw_ver = '1.4.2', msg = '') => ({ url, msg, update_fw_ver });
const BASE = 'http://127.0.0.1:4173/firmware/';

function serve(files: Map<string, Uint8Array>) {
  const asked: string[] = [];
  const fetchFn = async (url: string) => {
    asked.push(url);
    const body = url.startsWith(BASE) ? files.get(decodeURIComponent(url.slice(BASE.length))) : undefined;
    return body
      ? new Response(body.slice(), { headers: { 'Content-Length': String(body.length) } })
      : new Response('', { status: 404 });
  };
  return { fetchFn, asked };
}

describe('three sources in turn', () => {
  it('gives each lookup name, fw_ver, hw_ver, dev_sn and the language with "-" as "_"; the first url wins', async () => {
    const heard: CheckQuery[] = [];
    const source =
      (result: ReturnType<typeof answer>): UpdateSource =>
      async (q) => {
        heard.push(q);
        return result;
      };
    const checker = createUpdateChecker(latest, {
      sources: [source(answer('')), source(answer('https://cdn.test/a.zip', '1.5.0')), source(answer('https://x/b'))],
      language: () => 'zh-CN',
    });
    const device = deviceRecord({ path: 'p1', fw_ver: 'V1.4.1', hw_ver: 'V1.0.0', dev_sn: 'SN1' });
    const outcome = await checker.check(device);
    expect(outcome).toEqual({ newer_type: NEWER_TYPE.available, result: answer('https://cdn.test/a.zip', '1.5.0') });
    expect(heard).toHaveLength(2);
    expect(heard[0]).toEqual({
      name: device.name,
      fw_ver: 'V1.4.1',
      hw_ver: 'V1.0.0',
      dev_sn: 'SN1',
      language: 'zh_CN',
    });
    expect(checker.pendingFor(device)).toBe('1.5.0');
  });

  it('asks the third when the second fails; a final failure is logged and sets status 2', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls: number[] = [];
    const failing =
      (n: number): UpdateSource =>
      async () => {
        calls.push(n);
        throw new Error(`source ${n} is down`);
      };
    const outcome = await checkSources([failing(1), failing(2), failing(3)], query);
    expect(calls).toEqual([1, 2, 3]);
    expect(outcome.newer_type).toBe(NEWER_TYPE.none);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('status 2 takes the red dot away even where version.json lists a newer firmware', async () => {
    const checker = createUpdateChecker(latest, { sources: [async () => answer('')] });
    const device = deviceRecord({ path: 'p1', fw_ver: '1.3.7' });
    expect(checker.pendingFor(device)).toBe('1.4.2');
    await checker.check(device);
    expect(checker.pendingFor(device)).toBeUndefined();
  });

  it('checks each device as it appears and again when its firmware changes, redrawing the list each time', async () => {
    const asked: string[] = [];
    const checker = createUpdateChecker(latest, {
      sources: [async (q) => (asked.push(q.fw_ver), answer(q.fw_ver === '1.3.7' ? 'https://x/f.zip' : '', '1.9.0'))],
    });
    const store = createDeviceStore([deviceRecord({ path: 'p1', fw_ver: '1.3.7' })]);
    const renders: unknown[] = [];
    store.subscribe((s) => renders.push(s.devices));
    const stop = watchForUpdates(checker, store);
    await vi.waitFor(() => expect(checker.pendingFor(store.getState().devices[0]!)).toBe('1.9.0'));
    expect(renders.length).toBeGreaterThan(0);
    store.getState().setDevices([deviceRecord({ path: 'p1', fw_ver: '1.4.2' })]);
    await vi.waitFor(() => expect(checker.outcomeFor(store.getState().devices[0]!)?.newer_type).toBe(NEWER_TYPE.none));
    expect(asked).toEqual(['1.3.7', '1.4.2']);
    stop();
  });
});

describe('watching for updates', () => {
  it('never asks about a keyboard the app cannot update (another family)', async () => {
    const asked: string[] = [];
    const checker = createUpdateChecker(latest, { sources: [async (q) => (asked.push(q.name), answer(''))] });
    const ours = deviceRecord({ path: 'p1' });
    const other = {
      ...deviceRecord({ path: 'p2' }),
      name: 'he60',
      features: { ...ours.features, firmwareUpdate: false as const },
    };
    const store = createDeviceStore([ours, other]);
    const stop = watchForUpdates(checker, store);
    await vi.waitFor(() => expect(checker.outcomeFor(ours)).toBeDefined());
    expect(asked).toEqual(['made68pro']);
    expect(checker.outcomeFor(other)).toBeUndefined();
    stop();
  });
});

describe('the firmware catalogue', () => {
  const files = buildFirmwareCatalogue(undefined, 2048);

  it('holds a release and a valid image for every model of version.json, at its latest version', () => {
    const index = JSON.parse(new TextDecoder().decode(files.get('index.json'))) as {
      format: number;
      models: Record<string, Record<string, string>>;
    };
    expect(index.format).toBe(1);
    for (const [model, version] of Object.entries(LATEST_FIRMWARE)) {
      const slug = catalogueSlug(model);
      expect(index.models[slug]).toEqual({ '1.0.0': version });
      const release = JSON.parse(new TextDecoder().decode(files.get(`v1/${slug}/1.0.0/latest.json`))) as {
        file: string;
        fw_ver: string;
        size: number;
      };
      expect(release.fw_ver).toBe(version);
      const zip = files.get(`v1/${slug}/1.0.0/${release.file}`)!;
      expect(zip.length).toBe(release.size);
      const read = readFirmwarePackage(zip);
      if (!read.ok || read.kind !== 'flash') throw new Error(`${slug}: ${JSON.stringify(read)}`);
      const header = readFirmwareHeader(read.files[0]!.data)!;
      expect(header.modelId).toBe(findModel(model)!.modelId);
      expect(header.version.join('.')).toBe(version);
    }
  });

  it('answers the package of a newer release with notes in the language asked, and no url when up to date', async () => {
    const { fetchFn, asked } = serve(files);
    const source = catalogueSource(BASE, fetchFn);
    const newer = await source({ ...query, language: 'zh_CN' });
    expect(asked[0]).toBe(`${BASE}v1/made68pro/1.0.0/latest.json`);
    expect(newer.url).toBe(`${BASE}v1/made68pro/1.0.0/made68pro_hw1.0.0_v1.4.2.zip`);
    expect(newer.update_fw_ver).toBe('1.4.2');
    expect(newer.msg).toContain('固件 1.4.2');
    expect((await source({ ...query, fw_ver: 'V1.4.2' })).url).toBe('');
    expect((await source({ ...query, name: 'made68pro+' })).url).toContain('/v1/made68proplus/1.0.0/');
  });

  it('has no update for a model or hardware version it does not hold', async () => {
    const source = catalogueSource(BASE, serve(files).fetchFn);
    expect((await source({ ...query, hw_ver: 'V9.9.9' })).url).toBe('');
    expect((await source({ ...query, name: 'unknown' })).url).toBe('');
  });

  it('fails on a server error, so the next source is asked', async () => {
    const source = catalogueSource(BASE, async () => new Response('', { status: 500 }));
    await expect(source(query)).rejects.toThrow(/500/);
  });
});

describe('a configured update server', () => {
  it('fills the address template and reads a relative url against it', async () => {
    const asked: string[] = [];
    const source = templateSource(
      'https://updates.test/check/{name}?fw={fw_ver}&hw={hw_ver}&sn={dev_sn}&lang={language}',
      async (url) => (asked.push(url), Response.json(answer('../files/x.zip', '1.4.2', 'Notes'))),
    );
    const result = await source({ ...query, name: 'made68pro+' });
    expect(asked).toEqual(['https://updates.test/check/made68pro%2B?fw=V1.4.1&hw=V1.0.0&sn=SN1&lang=en_US']);
    expect(result).toEqual(answer('https://updates.test/files/x.zip', '1.4.2', 'Notes'));
  });
});

describe('the download', () => {
  it('GETs the package as a blob, reporting progress up to 100', async () => {
    const body = new Uint8Array(50_000).map((_, i) => i & 0xff);
    const seen: number[] = [];
    const methods: string[] = [];
    const blob = await downloadFirmware(
      'https://cdn.test/x.zip',
      (p) => seen.push(p),
      async (_url, init) => {
        methods.push(init?.method ?? 'GET');
        const stream = new ReadableStream<Uint8Array>({
          start(c) {
            for (let at = 0; at < body.length; at += 10_000) c.enqueue(body.slice(at, at + 10_000));
            c.close();
          },
        });
        return new Response(stream, { headers: { 'Content-Length': String(body.length) } });
      },
    );
    expect(methods).toEqual(['GET']);
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(body);
    expect(seen).toEqual([0, 20, 40, 60, 80, 99, 100]);
  });
});

describe('answers read without a schema library (the checker is on the first screen)', () => {
  it('takes missing check fields as empty and refuses fields that are not text', async () => {
    const { readCheckResult, readRelease } = await import('../../src/ui/update-checker');
    expect(readCheckResult({ url: 'https://x/f.zip' })).toEqual({ url: 'https://x/f.zip', msg: '', update_fw_ver: '' });
    expect(() => readCheckResult({ url: 3 })).toThrow(/url/);
    expect(() => readCheckResult([])).toThrow();
    const release = { format: 1, model: 'made68pro', hw_ver: '1.0.0', fw_ver: '1.4.0', file: 'a.zip' };
    expect(readRelease(release).notes).toEqual({});
    expect(readRelease({ ...release, notes: { en_US: 'Fixes' } }).notes).toEqual({ en_US: 'Fixes' });
    expect(() => readRelease({ ...release, format: 2 })).toThrow(/format/);
    expect(() => readRelease({ ...release, file: '' })).toThrow(/file/);
    expect(() => readRelease({ ...release, notes: { en_US: 1 } })).toThrow(/notes/);
  });
});
