import {
  CAPABILITY_TABLE,
  capabilitiesFor,
  isConfigurable,
  isRedirect,
  lightingSpeedMax,
  type Capabilities,
} from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS, REDIRECT_MODELS } from '../../src/core/models.ts';
import { VersionFormatError } from '../../src/core/version.ts';

type Probe = (c: Capabilities) => unknown;

const level: Probe = (c) => c.featureLevel;
const advanced: Probe = (c) => c.advanced.enabled;
const coreTypes: Probe = (c) => [c.advanced.types.dks, c.advanced.types.shortcut, c.advanced.types.macro];
const newerTypes: Probe = (c) => [
  c.advanced.types.snaptap,
  c.advanced.types.hypertap,
  c.advanced.shortcutKinds.modTap,
  c.advanced.shortcutKinds.toggle,
];
const coreMissing: Probe = (c) => c.advanced.coreTypesMissing;
const dksSlots: Probe = (c) => c.advanced.dksSlotCount;
const rapidTab: Probe = (c) => c.performance.rapidTriggerTab;
const nKey: Probe = (c) => c.settings.nKeyAndSleep;
const switchKeys: Probe = (c) => [c.performance.switchKeySelection, c.performance.switchTypeSendsKeyIds];
const useComplete: Probe = (c) => c.performance.rapidUseComplete;
const ambient: Probe = (c) => [c.lighting.ambientGeneration, c.lighting.ambientSubtypeDropdown];
const triggers: Probe = (c) => c.advanced.macroTriggerActionTypes;
const hyperForm: Probe = (c) => c.advanced.hypertapSecondEntry;

/** Each boundary of the spec, probed on both sides. */
const BOUNDARIES: [string, string, string, Probe, unknown][] = [
  // feature level
  ['level', 'made68', '2.1.9', level, 0],
  ['level', 'made68', '2.2.0', level, 1],
  ['level', 'cyber01', '2.1.9', level, 0],
  ['level', 'cyber01', '2.2.0', level, 1],
  ['level', 'cyber01', '6.0.0', level, 1],
  ['level', 'made68pro', '1.3.6', level, 0],
  ['level', 'made68pro', '1.3.7', level, 1],
  ['level', 'made84ultra', '1.3.6', level, 0],
  ['level', 'made84ultra', '1.3.7', level, 1],
  ['level', 'made68pro', '5.9.9', level, 1],
  ['level', 'made68pro', '6.0.0', level, 2],
  ['level', 'made68ultra+', '6.0.0', level, 2],
  ['level', 'lumi68', '0.0.1', level, 1],
  ['level', 'lumi68', '9.0.0', level, 1],
  ['level', 'real67', '1.0.0', level, 1],
  ['level', 'real67', '7.0.0', level, 1],
  // advanced features enabled
  ['advanced', 'cyber01', '2.1.6', advanced, false],
  ['advanced', 'cyber01', '2.1.7', advanced, true],
  ['advanced', 'made68', '2.1.6', advanced, false],
  ['advanced', 'made68', '2.1.7', advanced, true],
  ['advanced', 'made68pro', '1.3.5', advanced, false],
  ['advanced', 'made68pro', '1.3.6', advanced, true],
  ['advanced', 'made68ultra', '1.3.5', advanced, false],
  ['advanced', 'made68ultra', '1.3.6', advanced, true],
  ['advanced', 'mojo68rt', '1.3.5', advanced, false],
  ['advanced', 'mojo68rt', '1.3.6', advanced, true],
  ['advanced', 'made84pro', '1.3.5', advanced, false],
  ['advanced', 'made84pro', '1.3.6', advanced, true],
  ['advanced', 'made68air', '1.3.5', advanced, false],
  ['advanced', 'made68air', '1.3.6', advanced, true],
  ['advanced', 'made68pro+', '0.0.1', advanced, true],
  ['advanced', 'lumi68', '0.0.1', advanced, true],
  // offered types: core types follow the advanced gate, newer ones also need level 1
  ['dks/shortcut/macro', 'made68pro', '1.3.5', coreTypes, [false, false, false]],
  ['dks/shortcut/macro', 'made68pro', '1.3.6', coreTypes, [true, true, true]],
  ['snaptap/hypertap/mod-tap/toggle', 'made68pro', '1.3.6', newerTypes, [false, false, false, false]],
  ['snaptap/hypertap/mod-tap/toggle', 'made68pro', '1.3.7', newerTypes, [true, true, true, true]],
  ['dks/shortcut/macro', 'cyber01', '2.1.7', coreTypes, [true, true, true]],
  ['snaptap/hypertap/mod-tap/toggle', 'cyber01', '2.1.9', newerTypes, [false, false, false, false]],
  ['snaptap/hypertap/mod-tap/toggle', 'cyber01', '2.2.0', newerTypes, [true, true, true, true]],
  ['snaptap/hypertap/mod-tap/toggle', 'made68pro+', '1.3.6', newerTypes, [false, false, false, false]],
  ['snaptap/hypertap/mod-tap/toggle', 'real67', '0.1.0', newerTypes, [true, true, true, true]],
  ['core types missing', 'mojo68rt', '0.9.9', coreMissing, true],
  ['core types missing', 'mojo68rt', '1.0.0', coreMissing, false],
  ['core types missing', 'made68pro', '0.9.9', coreMissing, false],
  ['macro triggers', 'made68pro', '1.3.6', triggers, [0, 1, 2]],
  ['macro triggers', 'made68pro', '1.3.7', triggers, [0, 1, 2, 3, 4]],
  ['hyper-tap second entry', 'made68', '2.1.9', hyperForm, 'key-descriptor'],
  ['hyper-tap second entry', 'made68', '2.2.0', hyperForm, 'key-id'],
  // DKS slots
  ['dks slots', 'cyber01', '2.9.9', dksSlots, 4],
  ['dks slots', 'cyber01', '3.0.0', dksSlots, 8],
  ['dks slots', 'made68', '2.9.9', dksSlots, 4],
  ['dks slots', 'made68', '3.0.0', dksSlots, 8],
  ['dks slots', 'made68pro', '1.1.4', dksSlots, 4],
  ['dks slots', 'made68pro', '1.1.5', dksSlots, 8],
  ['dks slots', 'real67', '1.1.4', dksSlots, 4],
  ['dks slots', 'real67', '1.1.5', dksSlots, 8],
  // rapid-trigger tab
  ['rapid tab', 'cyber01', '99.0.0', rapidTab, false],
  ['rapid tab', 'made68', '99.0.0', rapidTab, false],
  ...(['made68pro', 'made68ultra', 'mojo68rt', 'made84pro', 'made68air', 'lumi68', 'real67'] as const).flatMap(
    (m): [string, string, string, Probe, unknown][] => [
      ['rapid tab', m, '6.1.8', rapidTab, false],
      ['rapid tab', m, '6.1.9', rapidTab, true],
    ],
  ),
  ['rapid tab', 'made68pro+', '0.0.1', rapidTab, true],
  ['rapid tab', 'made84ultra', '0.0.1', rapidTab, true],
  // N-key and sleep: strictly newer than the model's threshold
  ['n-key and sleep', 'cyber01', '2.1.5', nKey, false],
  ['n-key and sleep', 'cyber01', '2.1.6', nKey, true],
  ['n-key and sleep', 'made68', '2.0.5', nKey, false],
  ['n-key and sleep', 'made68', '2.0.6', nKey, true],
  ['n-key and sleep', 'made68pro', '1.1.1', nKey, false],
  ['n-key and sleep', 'made68pro', '1.1.2', nKey, true],
  ['n-key and sleep', 'real67', '1.1.1', nKey, false],
  ['n-key and sleep', 'real67', '1.1.2', nKey, true],
  // switch tab on old cyber01
  ['switch keys', 'cyber01', '1.2.8', switchKeys, [false, false]],
  ['switch keys', 'cyber01', '1.2.9', switchKeys, [true, true]],
  ['switch keys', 'made68', '1.2.8', switchKeys, [true, true]],
  // rapid-use-complete
  ['use complete', 'cyber01', '9.9.9', useComplete, false],
  ['use complete', 'cyber01', '10.0.0', useComplete, true],
  ['use complete', 'made68', '9.9.9', useComplete, false],
  ['use complete', 'made68', '10.0.0', useComplete, true],
  ['use complete', 'made68pro', '1.1.8', useComplete, false],
  ['use complete', 'made68pro', '1.1.9', useComplete, true],
  ['use complete', 'made68air', '1.1.8', useComplete, false],
  ['use complete', 'made68air', '1.1.9', useComplete, true],
  ['use complete', 'lumi68', '0.0.1', useComplete, true],
  // ambient light
  ['ambient', 'real67', '3.9.6', ambient, [1, false]],
  ['ambient', 'real67', '3.9.7', ambient, [2, true]],
  ['ambient', 'lumi68', '3.9.7', ambient, [0, false]],
];

describe('capabilitiesFor at every spec boundary', () => {
  it.each(BOUNDARIES)('%s: %s %s', (_what, model, fw, probe, expected) => {
    expect(probe(capabilitiesFor(model, fw))).toEqual(expected);
  });
});

describe('per-model constants', () => {
  const OUTER_FRAME = [
    'cyber01',
    'made68',
    'made68pro',
    'made68pro+',
    'made68air',
    'made68ultra',
    'made68ultra+',
    'made84pro',
    'made84ultra',
    'lumi68',
  ];
  const LIGHT_MAX: Record<string, number> = { cyber01: 20, made68air: 200 };
  const GAME_CONFIG: Record<string, string | null> = {
    cyber01: 'stg_83_0',
    made68: 'stg_68_0',
    mojo68rt: 'stg_68_0',
    made68pro: 'stg_68_0',
    'made68pro+': 'stg_68_0',
    made68ultra: 'stg_68_0',
    'made68ultra+': 'stg_68_0',
    made68air: 'stg_68_1',
    lumi68: 'stg_68_1',
    real67: 'stg_67_0',
    made84pro: null,
    made84ultra: null,
  };

  it.each(CONFIGURABLE_MODELS.map((m) => [m]))('%s', (model) => {
    const c = capabilitiesFor(model, '6.2.0');
    expect(c.configurable).toBe(true);
    expect(c.redirect).toBe(false);
    expect(c.lighting.outerFrame).toBe(OUTER_FRAME.includes(model));
    expect(c.lighting.ambient).toBe(model === 'real67');
    expect(c.lighting.lightMax).toBe(LIGHT_MAX[model] ?? 248);
    expect(c.lighting.speedMax).toBe(Math.floor((LIGHT_MAX[model] ?? 248) / 3));
    expect(c.gameConfigSet).toBe(GAME_CONFIG[model]);
    expect(c.settings.themeChange).toBe(model !== 'mojo68rt' && model !== 'made68air');
    expect(c.performance.baseMinTravel).toBe(model === 'made68air' || model === 'lumi68' ? 0.02 : 0.1);
    expect(c.advanced.dksMaxTrigger).toBe(3.6);
    expect(c.performance.maxTrigger).toBe(4);
    expect(c.performance.maxDead).toBe(0.6);
  });

  it('has a table row for every configurable model and no other', () => {
    expect(Object.keys(CAPABILITY_TABLE).sort()).toEqual([...CONFIGURABLE_MODELS].sort());
  });
});

describe('names and firmware text', () => {
  it('accepts any case and a V prefix', () => {
    const c = capabilitiesFor('Made68Pro', 'V1.3.7');
    expect(c.model).toBe('made68pro');
    expect(c.firmware).toBe('1.3.7');
    expect(c.featureLevel).toBe(1);
  });

  it('throws on firmware text that is not a version', () => {
    expect(() => capabilitiesFor('made68pro', 'unknown')).toThrow(VersionFormatError);
  });

  it.each(REDIRECT_MODELS.map((m) => [m]))('redirect model %s is not configurable and offers nothing', (model) => {
    const c = capabilitiesFor(model, '9.0.0');
    expect(c.redirect).toBe(true);
    expect(c.configurable).toBe(false);
    expect(Object.values(c.advanced.types)).not.toContain(true);
    expect(c.lighting.outerFrame || c.lighting.ambient || c.performance.rapidTriggerTab).toBe(false);
    expect(isRedirect(model)).toBe(true);
    expect(isConfigurable(model)).toBe(false);
  });

  it.each([['mouse01'], ['somethingelse']])('%s is neither configurable nor redirected', (model) => {
    const c = capabilitiesFor(model, '1.0.0');
    expect(c.configurable).toBe(false);
    expect(c.redirect).toBe(false);
    expect(c.gameConfigSet).toBeNull();
    expect(isConfigurable(model)).toBe(false);
  });

  it('knows the configurable models by display name', () => {
    expect(isConfigurable('Real67')).toBe(true);
    expect(isRedirect('Real67')).toBe(false);
  });
});

describe('lightingSpeedMax', () => {
  it.each([
    [248, 82],
    [200, 66],
    [20, 6],
    [2, 0],
    [0, 0],
  ])('light %i allows speed up to %i', (light, max) => {
    expect(lightingSpeedMax(light)).toBe(max);
  });
});
