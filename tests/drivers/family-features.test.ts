/**
 * Each family fills its features from what its protocol really has (docs/capabilities.md): libhmk and VIA keyboards
 * offer none of our protocol's switch types, dead zone, automatic rapid trigger, game config, device settings,
 * battery or firmware update, and our own keyboards keep all of them. The features come from a described virtual
 * keyboard of each family, as the service reports them to the UI.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { advancedKinds, NO_SETTINGS } from '../../src/core/device-features.ts';
import { liveService, type LiveService } from '../../src/testing/live-service.ts';

const made: LiveService[] = [];
afterEach(async () => {
  for (const live of made.splice(0)) await live.dispose();
});

async function featuresOf(model: string, fwVer: string) {
  const live = liveService({ timeoutMs: 2000 });
  made.push(live);
  const path = await live.addVirtual(model, { fwVer });
  return live.records().find((r) => r.path === path)!.features;
}

describe('features of each family', () => {
  it('our keyboard: every area of the spec, and the update progress its firmware reports', async () => {
    const f = await featuresOf('Made68Pro', '1.4.2');
    expect(f.performance).toMatchObject({ deadZone: { maxMm: 0.6 }, switchTypes: { perKey: true }, gameConfig: {} });
    expect(f.settings).toEqual({
      nKeyRollover: true,
      sleep: true,
      autoCalibration: true,
      connections: ['usb', '24g', 'bluetooth'],
      battery: true,
      reportRate: true,
    });
    expect(f.lighting?.keyLight).toBeDefined();
    expect(advancedKinds(f.advanced)).toEqual(['dks', 'shortcut', 'macro', 'snaptap', 'hypertap']);
    expect(f.advanced.shortcutKinds).toEqual(['replace', 'action', 'lock', 'modTap', 'toggle']);
    expect(f.firmwareUpdate).toEqual({ progress: 'reported' });
    expect(f.profiles.sceneFiles).toBe(true);
    expect(f.screens).toEqual([]);
    expect(f.keytune).toBeDefined();
  });

  it('cyber01 and made68 firmware report no update progress: the dialog counts it', async () => {
    expect((await featuresOf('Cyber01', '2.2.0')).firmwareUpdate).toEqual({ progress: 'counted' });
    expect((await featuresOf('Made68', '2.2.0')).firmwareUpdate).toEqual({ progress: 'counted' });
  });

  it('the automatic rapid trigger and a board-wide switch type follow the capability table', async () => {
    expect((await featuresOf('Made68Pro', '1.4.2')).performance?.rapidTriggerAuto).toBe(false);
    expect((await featuresOf('Made68Pro+', '1.4.2')).performance?.rapidTriggerAuto).toBe(true);
    expect((await featuresOf('Cyber01', '1.2.8')).performance?.switchTypes).toEqual({ perKey: false });
  });

  it('HE60 (libhmk): travel and rapid trigger only, its own advanced kinds and screens, no settings or update', async () => {
    const f = await featuresOf('HE60 (libhmk)', '1.7.0');
    const perf = f.performance!;
    expect(perf.rapidTrigger).toBe(true);
    expect(perf.continuousRapidTrigger).toBe(true);
    expect(perf.rapidTriggerAuto).toBe(false);
    expect(perf.deadZone).toBeUndefined();
    expect(perf.switchTypes).toBeUndefined();
    expect(perf.gameConfig).toBeUndefined();
    expect(f.settings).toEqual(NO_SETTINGS);
    expect(f.firmwareUpdate).toBe(false);
    expect(f.lighting).toBeUndefined();
    expect(advancedKinds(f.advanced)).toEqual(['dks', 'shortcut', 'snaptap']);
    expect(f.advanced.shortcutKinds).toEqual(['modTap', 'toggle']);
    expect(f.profiles.sceneFiles).toBe(false);
    expect(f.screens).toEqual(['gamepad', 'layout-choices', 'libhmk-settings']);
    expect(f.keytune).toBeUndefined();
  });

  it('VIA 65: its lighting channels and VIA screen; no performance, advanced keys, settings or update', async () => {
    const f = await featuresOf('Keytune VIA 65', '12.0.0');
    expect(f.performance).toBeUndefined();
    expect(f.liveTravel).toBe(false);
    expect(advancedKinds(f.advanced)).toEqual([]);
    expect(f.settings).toEqual(NO_SETTINGS);
    expect(f.firmwareUpdate).toBe(false);
    expect(f.lighting?.keyLight).toBeUndefined();
    expect(f.lighting?.channels.length).toBeGreaterThan(0);
    expect(f.screens).toEqual(['via']);
    expect(f.keytune).toBeUndefined();
  });
});
