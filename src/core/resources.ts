/**
 * The four start-up resources served from public/default/ (spec-1 §1, §3): what they contain and the tables they are
 * generated from. scripts/gen-defaults.ts writes the files from buildDefaultResources(), so the tables below are the
 * single source of truth; resource-schemas.ts checks them when they are fetched.
 */
import { KEYCODE_KIND, keycodeKind, keycodeValue } from './keycode-space';
import { KEYCODES, type KeycodeEntry, keycodesByCategory } from './keycodes';
import type { ConfigurableModel, OTHER_MODELS } from './models';
import type { CommonResource, KeycodesResource, LedModesResource, VersionResource } from './resource-schemas';

export type {
  CommonResource,
  KeycodesResource,
  LedModesResource,
  ResourceError,
  ResourceIssue,
  ResourceResult,
  VersionResource,
} from './resource-schemas';

export const COMMON_LAYER_NAMES = ['basic', 'extended', 'os', 'mouse', 'mouse_adv', 'lighting', 'special_257'] as const;
export type CommonLayerName = (typeof COMMON_LAYER_NAMES)[number];

export interface ResourceTypes {
  keycodes: KeycodesResource;
  common: CommonResource;
  ledModes: LedModesResource;
  version: VersionResource;
}
export type { ResourceKind } from './resource-files';

export { RESOURCE_FILES } from './resource-files';

// ---------------------------------------------------------------- default content

/** Bumped whenever the shape or meaning of a default resource changes. */
const RESOURCE_VERSION = 1;

const led = (id: number, key: string, extra: LedModesResource['modes'][number]['extra'] = null) => ({
  id,
  name: `led.mode.${key}`,
  // Modes 0 (per-key custom colours) and 1 (static) have no animation to tune (spec-1 §4).
  brightness: id > 1,
  speed: id > 1,
  extra,
});

const LED_MODES: LedModesResource['modes'] = [
  led(0, 'custom'),
  led(1, 'static'),
  led(2, 'breathing'),
  led(3, 'wave', 'direction'),
  led(4, 'spectrum'),
  led(5, 'reactive', 'random_by_press'),
  led(6, 'ripple', 'random'),
  led(7, 'starlight', 'random'),
];

export const OUTFRAME_MODES: LedModesResource['outframe_modes'] = [
  { id: 0, name: 'led.outframe.off', colour: false, warn: false },
  { id: 1, name: 'led.outframe.static', colour: true, warn: false },
  { id: 2, name: 'led.outframe.breathing', colour: true, warn: true },
  { id: 3, name: 'led.outframe.spectrum', colour: false, warn: true },
  { id: 4, name: 'led.outframe.flow', colour: false, warn: true },
];

export const AMBIENT_MODES: LedModesResource['ambient_modes'] = [
  { id: 0, name: 'led.ambient.static', colour: true, subtypes: [] },
  { id: 1, name: 'led.ambient.breathing', colour: true, subtypes: [] },
  { id: 2, name: 'led.ambient.spectrum', colour: false, subtypes: [] },
  {
    id: 3,
    name: 'led.ambient.rhythm',
    colour: false,
    subtypes: ['led.ambient.rhythm.pulse', 'led.ambient.rhythm.bars', 'led.ambient.rhythm.bounce'],
  },
  { id: 4, name: 'led.ambient.flow', colour: true, subtypes: [] },
];

/** Ambient colour indexes 0-7 (spec-1 §9); the catalogue calls magenta "purple" in Chinese. */
const AMBIENT_COLORS: LedModesResource['ambient_colors'] = [
  ['white', '#ffffff'],
  ['red', '#ff0000'],
  ['green', '#00ff00'],
  ['blue', '#0000ff'],
  ['yellow', '#ffff00'],
  ['orange', '#ff8000'],
  ['magenta', '#ff00ff'],
  ['cyan', '#00ffff'],
].map(([name, hex], id) => ({ id, name: `color.${name!}`, hex: hex! }));

/** The default palette of the per-key light tab. */
const DEFAULT_COLOR_LIST: LedModesResource['color_list'] = (
  '#ff0000 #ff8000 #ffff00 #80ff00 #00ff00 #00ff80 #00ffff #0080ff ' +
  '#0000ff #8000ff #ff00ff #ff0080 #ffffff #ffd8a8 #a0a0a0 #000000'
)
  .split(' ')
  .map((hex) => ({ hex }));

/**
 * Latest firmware per model for the update checker. Chosen above every feature threshold of the spec (level 1 from
 * 2.2.0 or 1.3.7, eight DKS slots above 2.9.9 / 1.1.4, ambient from 3.9.7), so an up-to-date device has everything.
 */
type UpdatableModel = ConfigurableModel | (typeof OTHER_MODELS)[number];

export const LATEST_FIRMWARE: Readonly<Record<UpdatableModel, string>> = {
  cyber01: '3.0.2',
  made68: '3.0.2',
  made68pro: '1.4.2',
  'made68pro+': '1.4.2',
  made68ultra: '1.4.2',
  'made68ultra+': '1.4.2',
  mojo68rt: '1.3.9',
  made84pro: '1.4.2',
  made84ultra: '1.4.2',
  made68air: '1.4.0',
  lumi68: '1.2.1',
  real67: '3.9.8',
  mouse01: '1.0.4',
  dongle01: '1.0.2',
};

/** Mouse-category entries a keyboard cannot emulate: buttons 6-8 and the DPI keys. */
const isPointerDeviceOnly = (e: KeycodeEntry): boolean => {
  if (keycodeKind(e.code) !== KEYCODE_KIND.mouse) return true;
  const value = keycodeValue(e.code);
  return value >= 0x06 && value <= 0x08;
};

const layer = (data: readonly KeycodeEntry[]): CommonResource[CommonLayerName] => ({
  dwidth: 1,
  dheight: 1,
  data: [...data],
});

/**
 * The picker tabs. `mouse` is what a keyboard can emulate (five buttons, movement, wheel); `mouse_adv` adds what only
 * a mouse has (buttons 6-8, DPI keys) and is the list for a mouse's own buttons.
 */
export function buildCommonLayers(): CommonResource {
  const mouseAll = keycodesByCategory('mouse');
  return {
    basic: layer(keycodesByCategory('basic')),
    extended: layer(keycodesByCategory('extended')),
    os: layer(keycodesByCategory('os')),
    mouse: layer(mouseAll.filter((e) => !isPointerDeviceOnly(e))),
    mouse_adv: layer(mouseAll),
    lighting: layer(keycodesByCategory('lighting')),
    special_257: layer(keycodesByCategory('special')),
  };
}

export function buildDefaultResources(appVersion: string): ResourceTypes {
  return {
    keycodes: [...KEYCODES],
    common: buildCommonLayers(),
    ledModes: {
      modes: LED_MODES,
      outframe_modes: OUTFRAME_MODES,
      ambient_modes: AMBIENT_MODES,
      ambient_colors: AMBIENT_COLORS,
      color_list: DEFAULT_COLOR_LIST,
    },
    version: { app: appVersion, resources: RESOURCE_VERSION, firmware: { ...LATEST_FIRMWARE } },
  };
}
