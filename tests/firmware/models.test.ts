import { SWITCH_TYPE_COUNT } from '../../src/core/switch-types.ts';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/core/models.ts';
import { FEATURE } from '../../src/protocol/commands.ts';
import { DescriptorLayout, LightingLayout, PerfKeyLayout, SwitchSpecLayout } from '../../src/protocol/objects.ts';
import { decodeList } from '../../src/protocol/struct.ts';
import { Host, makeKeyboard } from './helpers.ts';

const switches = (host: Host) => decodeList(SwitchSpecLayout, host.readObject('switches'), SWITCH_TYPE_COUNT);

describe('model facts', () => {
  it('describes every model of models.ts with its identity and key count', () => {
    for (const model of MODELS) {
      const host = new Host(makeKeyboard({ model: model.name, fwVer: '1.4.0' }));
      const d = DescriptorLayout.decode(host.readObject('descriptor'));
      expect(d, model.name).toMatchObject({
        modelId: model.modelId,
        devType: model.devType,
        keyCount: model.keyCount,
        vendorId: model.vendorId,
        productId: model.productId,
        battery: model.wireless ? 85 : 0xff,
      });
      expect(Boolean(d.features & FEATURE.battery), model.name).toBe(model.wireless);
    }
  });

  it('gives mice and dongles no DKS, snap-tap or hyper-tap slots', () => {
    for (const name of ['mouse01', 'dongle01']) {
      const d = makeKeyboard({ model: name, fwVer: '1.4.0' }).descriptor;
      expect(d, name).toMatchObject({ dksCap: 0, snaptapCap: 0, hypertapCap: 0, shortcutCap: 16, macroCap: 16 });
    }
  });

  it.each([
    ['made68', '2.9.9', 4],
    ['made68', '3.0.0', 8],
    ['cyber01', '2.9.9', 4],
    ['made68pro', '1.1.4', 4],
    ['made68pro', '1.1.5', 8],
    ['real67', '1.1.4', 4],
    ['magi60', '1.1.4', 4],
    ['magi60', '1.2.0', 8],
  ])('%s at %s has %i DKS slots', (model, fw, slots) => {
    expect(makeKeyboard({ model, fwVer: fw }).descriptor.dksSlots).toBe(slots);
  });

  it('follows the capability table for the outer frame, ambient light and rapid-trigger flags', () => {
    const real67 = makeKeyboard({ model: 'real67', fwVer: '6.1.9' }).descriptor.features;
    expect(real67 & FEATURE.ambient).toBeTruthy();
    expect(real67 & FEATURE.outerFrame).toBe(0);
    expect(real67 & FEATURE.rapidTrigger).toBeTruthy();
    const older = makeKeyboard({ model: 'real67', fwVer: '6.1.8' }).descriptor.features;
    expect(older & FEATURE.rapidTrigger).toBe(0);
    const cyber = makeKeyboard({ model: 'cyber01', fwVer: '2.1.5' }).descriptor.features;
    expect(cyber & (FEATURE.nKey | FEATURE.sleep)).toBe(0);
    expect(makeKeyboard({ model: 'cyber01', fwVer: '2.1.6' }).descriptor.features & FEATURE.nKey).toBeTruthy();
  });
});

describe('switch table', () => {
  it('holds 17 switch types within the spec limits, varying a little by type', () => {
    const table = switches(new Host(makeKeyboard()));
    expect(table).toHaveLength(17);
    for (const s of table) {
      expect(s.triggerAccuracy).toBe(1);
      expect(s.minTrigger).toBe(10);
      expect(s.maxTrigger).toBeLessThanOrEqual(400);
      expect(s.maxTrigger).toBeGreaterThan(360);
      expect(s.minRapid).toBe(1);
      expect(s.maxRapid).toBeLessThanOrEqual(200);
      expect(s.maxDead).toBeLessThanOrEqual(60);
    }
    expect(new Set(table.map((s) => s.maxTrigger)).size).toBeGreaterThan(1);
    expect(table[0]).toMatchObject({ maxTrigger: 400, maxRapid: 200, maxDead: 60 });
  });

  it('lets low-profile models trigger from 0.02 mm', () => {
    for (const model of ['made68air', 'lumi68']) {
      const table = switches(new Host(makeKeyboard({ model, fwVer: '1.4.0' })));
      expect(table.every((s) => s.minTrigger === 2)).toBe(true);
    }
  });
});

describe('factory profile', () => {
  it('starts with a 1.2 mm trigger, 0.1 mm dead zone and rapid trigger off at 0.3 mm', () => {
    const host = new Host(makeKeyboard());
    const perf = decodeList(PerfKeyLayout, host.readObject('perf'), 68);
    expect(new Set(perf.map((p) => JSON.stringify(p))).size).toBe(1);
    expect(perf[0]).toEqual({ trigger: 120, dead: 10, rapidPress: 30, rapidRelease: 30, flags: 0, switchType: 1 });
  });

  it('starts with lighting on in mode 1 and speeds within a third of the light', () => {
    for (const model of ['cyber01', 'made68air', 'made68pro']) {
      const lighting = LightingLayout.decode(new Host(makeKeyboard({ model, fwVer: '1.4.0' })).readObject('lighting'));
      expect(lighting).toMatchObject({ lightSwitch: 1, modeIndex: 1 });
      for (const m of lighting.modes) expect(m.speed).toBeLessThanOrEqual(Math.floor(m.light / 3));
      expect(new Set(lighting.palette.map((c) => `${c.r},${c.g},${c.b}`)).size).toBe(8);
    }
  });
});
