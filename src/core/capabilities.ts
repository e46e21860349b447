/**
 * What model M at firmware F supports, answered from one table (spec-1 §4, §9; spec-2 §2.5, §4, §5, §6, §9).
 * Each row lists a model's version thresholds; `capabilitiesFor` turns a row and a firmware version into plain flags.
 * docs/capabilities.md shows the same table in prose and records every choice made where the spec is silent.
 */
import type { AdvancedType } from './advanced-keys.ts';
import {
  CONFIGURABLE_MODELS,
  REDIRECT_MODELS,
  isConfigurableModel,
  isRedirectModel,
  type ConfigurableModel,
} from './models.ts';
import {
  formatVersion,
  parseVersion,
  versionAbove,
  versionAtLeast,
  versionAtMost,
  type Version,
  type VersionLike,
} from './version.ts';

export type FeatureLevel = 0 | 1 | 2;
export type GameConfigSet = 'stg_83_0' | 'stg_84_0' | 'stg_68_0' | 'stg_68_1' | 'stg_67_0';

/** Device defaults used until the device reports its own values (spec-1 §3, spec-2 §9). */
export const DEVICE_DEFAULTS = {
  dksMaxTrigger: 3.6,
  maxTrigger: 4,
  maxDead: 0.6,
  baseMinTravel: 0.1,
  lightMax: 248,
} as const;

/** Firmware above this is feature level 2 for models that reach it; the spec names level 2 without its rules. */
const LEVEL_2_AFTER = '5.9.9';

export interface ModelCapabilityRow {
  /** A fixed level, or the last firmware of level 0 and (when the model reaches level 2) the last of level 1. */
  level: { fixed: FeatureLevel } | { level0Through: string; level1Through?: string };
  /** First firmware with advanced keys; absent means every firmware has them. */
  advancedFrom?: string;
  /** Last firmware without dks, shortcut and macro (mojo68rt). */
  noCoreAdvancedTypesThrough?: string;
  /** Last firmware with 4 DKS slots; newer firmware has 8. */
  dksFourSlotsThrough: string;
  /** Rapid-trigger tab flag: never, always, or from the firmware after this one. */
  rapidTab: 'never' | 'always' | { offThrough: string };
  /** N-key and sleep settings need firmware strictly newer than this. */
  nKeySleepAfter: string;
  /** Theme (scene) change refused with warn.not.apply.theme.chosen.{model}. */
  themeChangeRefused: boolean;
  /** Switch tab key selection off, and switch_type sent without key_ids, up to this firmware. */
  switchKeySelectionOffThrough?: string;
  /** The rapid-use-complete setting is skipped up to this firmware. */
  rapidUseCompleteSkippedThrough?: string;
  outerFrame: boolean;
  ambient: boolean;
  lightMax: number;
  gameConfigSet: GameConfigSet | null;
  /** Smallest trigger and rapid travel in mm. */
  baseMinTravel: number;
}

const CLASSIC = {
  level: { level0Through: '2.1.9' },
  advancedFrom: '2.1.7',
  dksFourSlotsThrough: '2.9.9',
  rapidTab: 'never',
  themeChangeRefused: false,
  rapidUseCompleteSkippedThrough: '9.9.9',
  outerFrame: true,
  ambient: false,
  baseMinTravel: DEVICE_DEFAULTS.baseMinTravel,
} as const satisfies Partial<ModelCapabilityRow>;

/** made68pro, made68ultra, mojo68rt, made84pro, made68air: the spec lists these together in most rules. */
const PRO = {
  level: { level0Through: '1.3.6', level1Through: LEVEL_2_AFTER },
  advancedFrom: '1.3.6',
  dksFourSlotsThrough: '1.1.4',
  rapidTab: { offThrough: '6.1.8' },
  nKeySleepAfter: '1.1.1',
  themeChangeRefused: false,
  rapidUseCompleteSkippedThrough: '1.1.8',
  outerFrame: true,
  ambient: false,
  lightMax: DEVICE_DEFAULTS.lightMax,
  baseMinTravel: DEVICE_DEFAULTS.baseMinTravel,
} as const satisfies Partial<ModelCapabilityRow>;

/** made68pro+, made68ultra+, made84ultra: named by no version rule, so every gate is open. */
const PLUS = {
  level: { level0Through: '1.3.6', level1Through: LEVEL_2_AFTER },
  dksFourSlotsThrough: '1.1.4',
  rapidTab: 'always',
  nKeySleepAfter: '1.1.1',
  themeChangeRefused: false,
  outerFrame: true,
  ambient: false,
  lightMax: DEVICE_DEFAULTS.lightMax,
  baseMinTravel: DEVICE_DEFAULTS.baseMinTravel,
} as const satisfies Partial<ModelCapabilityRow>;

export const CAPABILITY_TABLE: Readonly<Record<ConfigurableModel, Readonly<ModelCapabilityRow>>> = {
  cyber01: {
    ...CLASSIC,
    nKeySleepAfter: '2.1.5',
    switchKeySelectionOffThrough: '1.2.8',
    lightMax: 20,
    gameConfigSet: 'stg_83_0',
  },
  made68: { ...CLASSIC, nKeySleepAfter: '2.0.5', lightMax: DEVICE_DEFAULTS.lightMax, gameConfigSet: 'stg_68_0' },
  made68pro: { ...PRO, gameConfigSet: 'stg_68_0' },
  'made68pro+': { ...PLUS, gameConfigSet: 'stg_68_0' },
  made68ultra: { ...PRO, gameConfigSet: 'stg_68_0' },
  'made68ultra+': { ...PLUS, gameConfigSet: 'stg_68_0' },
  mojo68rt: {
    ...PRO,
    noCoreAdvancedTypesThrough: '0.9.9',
    themeChangeRefused: true,
    outerFrame: false,
    gameConfigSet: 'stg_68_0',
  },
  // The spec gives made84pro and made84ultra no game-config set even though a stg_84_0 set exists.
  made84pro: { ...PRO, gameConfigSet: null },
  made84ultra: { ...PLUS, gameConfigSet: null },
  made68air: { ...PRO, themeChangeRefused: true, lightMax: 200, gameConfigSet: 'stg_68_1', baseMinTravel: 0.02 },
  lumi68: {
    ...PLUS,
    level: { fixed: 1 },
    rapidTab: { offThrough: '6.1.8' },
    gameConfigSet: 'stg_68_1',
    baseMinTravel: 0.02,
  },
  real67: {
    ...PLUS,
    level: { fixed: 1 },
    rapidTab: { offThrough: '6.1.8' },
    outerFrame: false,
    ambient: true,
    gameConfigSet: 'stg_67_0',
  },
};

/** Real67 ambient light: generation 1 through this firmware, generation 2 (mode 3 subtype dropdown) after it. */
const AMBIENT_GEN1_THROUGH = '3.9.6';

/** Declared with the advanced keys; re-exported for the UI and contract modules that import it from here. */
export type { AdvancedType };
export type ShortcutKind = 'replace' | 'action' | 'lock' | 'modTap' | 'toggle';

export interface Capabilities {
  /** Lower-cased display name. */
  model: string;
  firmware: string;
  configurable: boolean;
  /** Opens the redirect dialog instead of the device page (spec-1 §2). */
  redirect: boolean;
  featureLevel: FeatureLevel;
  advanced: {
    enabled: boolean;
    /** True while the firmware predates dks, shortcut and macro (mojo68rt up to 0.9.9). */
    coreTypesMissing: boolean;
    types: Readonly<Record<AdvancedType, boolean>>;
    shortcutKinds: Readonly<Record<ShortcutKind, boolean>>;
    /** trigger_action_type values the macro trigger dialog offers (ids 0-4). */
    macroTriggerActionTypes: readonly number[];
    /** How a hyper-tap item's second entry is stored: a key id, or a key descriptor on older firmware. */
    hypertapSecondEntry: 'key-id' | 'key-descriptor';
    dksSlotCount: 4 | 8;
    dksMaxTrigger: number;
  };
  performance: {
    maxTrigger: number;
    maxDead: number;
    baseMinTravel: number;
    rapidTriggerTab: boolean;
    rapidUseComplete: boolean;
    switchKeySelection: boolean;
    switchTypeSendsKeyIds: boolean;
  };
  settings: {
    nKeyAndSleep: boolean;
    themeChange: boolean;
  };
  lighting: {
    outerFrame: boolean;
    ambient: boolean;
    /** 0 no ambient light; 1 up to 3.9.6; 2 from 3.9.7, where mode 3 has a subtype dropdown. */
    ambientGeneration: 0 | 1 | 2;
    ambientSubtypeDropdown: boolean;
    lightMax: number;
    /** Speed maximum at full light. */
    speedMax: number;
  };
  gameConfigSet: GameConfigSet | null;
}

export function isConfigurable(displayName: string): boolean {
  return isConfigurableModel(displayName);
}

export function isRedirect(displayName: string): boolean {
  return isRedirectModel(displayName);
}

/** Lighting speed maximum: one third of the light value, rounded down (spec-1 §5). */
export function lightingSpeedMax(light: number): number {
  return Math.max(0, Math.floor(light / 3));
}

function featureLevel(row: ModelCapabilityRow, fw: Version): FeatureLevel {
  if ('fixed' in row.level) return row.level.fixed;
  if (versionAtMost(fw, row.level.level0Through)) return 0;
  if (row.level.level1Through === undefined || versionAtMost(fw, row.level.level1Through)) return 1;
  return 2;
}

const NO_TYPES: Record<AdvancedType, boolean> = {
  dks: false,
  shortcut: false,
  macro: false,
  snaptap: false,
  hypertap: false,
};
const NO_SHORTCUTS: Record<ShortcutKind, boolean> = {
  replace: false,
  action: false,
  lock: false,
  modTap: false,
  toggle: false,
};

/**
 * Capabilities of a model (display name, any case) at a firmware version.
 * Throws VersionFormatError for a firmware text that is not a version. A name that is not a configurable model gets
 * every feature off, with `redirect` telling the redirect models apart.
 */
export function capabilitiesFor(displayName: string, fwVer: VersionLike): Capabilities {
  const fw = typeof fwVer === 'string' ? parseVersion(fwVer) : fwVer;
  const model = displayName.trim().toLowerCase();
  const row = isConfigurableModel(model) ? CAPABILITY_TABLE[model] : undefined;
  if (!row) return closedCapabilities(model, fw);

  const level = featureLevel(row, fw);
  const enabled = row.advancedFrom === undefined || versionAtLeast(fw, row.advancedFrom);
  const coreTypesMissing =
    row.noCoreAdvancedTypesThrough !== undefined && versionAtMost(fw, row.noCoreAdvancedTypesThrough);
  const core = enabled && !coreTypesMissing;
  const newer = enabled && level >= 1;
  const switchKeySelection =
    row.switchKeySelectionOffThrough === undefined || !versionAtMost(fw, row.switchKeySelectionOffThrough);
  const ambientGeneration = row.ambient ? (versionAtMost(fw, AMBIENT_GEN1_THROUGH) ? 1 : 2) : 0;

  return {
    model,
    firmware: formatVersion(fw),
    configurable: true,
    redirect: false,
    featureLevel: level,
    advanced: {
      enabled,
      coreTypesMissing,
      types: { dks: core, shortcut: core, macro: core, snaptap: newer, hypertap: newer },
      shortcutKinds: { replace: core, action: core, lock: core, modTap: core && newer, toggle: core && newer },
      macroTriggerActionTypes: level >= 1 ? [0, 1, 2, 3, 4] : [0, 1, 2],
      hypertapSecondEntry: level >= 1 ? 'key-id' : 'key-descriptor',
      dksSlotCount: versionAtMost(fw, row.dksFourSlotsThrough) ? 4 : 8,
      dksMaxTrigger: DEVICE_DEFAULTS.dksMaxTrigger,
    },
    performance: {
      maxTrigger: DEVICE_DEFAULTS.maxTrigger,
      maxDead: DEVICE_DEFAULTS.maxDead,
      baseMinTravel: row.baseMinTravel,
      rapidTriggerTab:
        row.rapidTab === 'always' || (row.rapidTab !== 'never' && versionAbove(fw, row.rapidTab.offThrough)),
      rapidUseComplete:
        row.rapidUseCompleteSkippedThrough === undefined || versionAbove(fw, row.rapidUseCompleteSkippedThrough),
      switchKeySelection,
      switchTypeSendsKeyIds: switchKeySelection,
    },
    settings: {
      nKeyAndSleep: versionAbove(fw, row.nKeySleepAfter),
      themeChange: !row.themeChangeRefused,
    },
    lighting: {
      outerFrame: row.outerFrame,
      ambient: row.ambient,
      ambientGeneration,
      ambientSubtypeDropdown: ambientGeneration === 2,
      lightMax: row.lightMax,
      speedMax: lightingSpeedMax(row.lightMax),
    },
    gameConfigSet: row.gameConfigSet,
  };
}

/** Every feature off: the rules a screen applies before a device's record (with its own rules) has arrived. */
export function noCapabilities(): Capabilities {
  return closedCapabilities('', parseVersion('0.0.0'));
}

function closedCapabilities(model: string, fw: Version): Capabilities {
  return {
    model,
    firmware: formatVersion(fw),
    configurable: false,
    redirect: isRedirectModel(model),
    featureLevel: 0,
    advanced: {
      enabled: false,
      coreTypesMissing: false,
      types: NO_TYPES,
      shortcutKinds: NO_SHORTCUTS,
      macroTriggerActionTypes: [],
      hypertapSecondEntry: 'key-id',
      dksSlotCount: 4,
      dksMaxTrigger: DEVICE_DEFAULTS.dksMaxTrigger,
    },
    performance: {
      maxTrigger: DEVICE_DEFAULTS.maxTrigger,
      maxDead: DEVICE_DEFAULTS.maxDead,
      baseMinTravel: DEVICE_DEFAULTS.baseMinTravel,
      rapidTriggerTab: false,
      rapidUseComplete: false,
      switchKeySelection: false,
      switchTypeSendsKeyIds: false,
    },
    settings: { nKeyAndSleep: false, themeChange: false },
    lighting: {
      outerFrame: false,
      ambient: false,
      ambientGeneration: 0,
      ambientSubtypeDropdown: false,
      lightMax: DEVICE_DEFAULTS.lightMax,
      speedMax: lightingSpeedMax(DEVICE_DEFAULTS.lightMax),
    },
    gameConfigSet: null,
  };
}

export { CONFIGURABLE_MODELS, REDIRECT_MODELS };
