/**
 * The device models Keytune knows: display names, key counts, device types and USB identities.
 * Capability rules per model and firmware live in capabilities.ts; this file only says what a model is.
 */

export const DEV_TYPE = { keyboard: 2, mouse: 3, dongle: 4 } as const;
export type DevType = (typeof DEV_TYPE)[keyof typeof DEV_TYPE];

export const ACCESS_MODE = { usb: 0, wireless24g: 1, bluetooth: 2 } as const;

/** Vendor ids the product asks the browser for (spec-2 §9). */
export const VENDOR_IDS = [1046, 13495, 14420] as const;
/** The vendor-defined HID collection the configuration protocol lives on. */
export const VENDOR_USAGE_PAGE = 0xff60;
export const VENDOR_USAGE = 0x61;

/** Models configurable in this tool. */
export const CONFIGURABLE_MODELS = [
  'cyber01',
  'made68',
  'made68pro',
  'made68pro+',
  'made68ultra',
  'made68ultra+',
  'mojo68rt',
  'made84pro',
  'made84ultra',
  'made68air',
  'lumi68',
  'real67',
] as const;

/** Models that identify themselves but are configured through another flow (top-level dialog type 2, index 3). */
export const REDIRECT_MODELS = [
  'magi60',
  'magipad',
  'mj65',
  'modern90',
  'modern97',
  'mojo68',
  'mojo84',
  'mojopad',
  'pixel',
  'o2',
] as const;

/** Non-keyboard devices of the family, so every device type of the spec can be shown. */
export const OTHER_MODELS = ['mouse01', 'dongle01'] as const;

export type ConfigurableModel = (typeof CONFIGURABLE_MODELS)[number];
export type RedirectModel = (typeof REDIRECT_MODELS)[number];
export type ModelName = ConfigurableModel | RedirectModel | (typeof OTHER_MODELS)[number];

export interface ModelInfo {
  /** Lower-case display name, also the key of the drawing and layout files. */
  name: ModelName;
  /** Display name as shown on the device card. */
  displayName: string;
  /** Stable numeric model id carried in the protocol handshake. */
  modelId: number;
  devType: DevType;
  /** Number of keys (0 for mouse buttons counted as keys: a mouse has 6 programmable buttons). */
  keyCount: number;
  vendorId: number;
  productId: number;
  /** True when the model can run on a battery (wireless models). */
  wireless: boolean;
}

const info = (
  name: ModelName,
  displayName: string,
  modelId: number,
  keyCount: number,
  vendorId: number,
  productId: number,
  wireless = false,
  devType: DevType = DEV_TYPE.keyboard,
): ModelInfo => ({ name, displayName, modelId, devType, keyCount, vendorId, productId, wireless });

export const MODELS: readonly ModelInfo[] = [
  info('cyber01', 'Cyber01', 1, 83, 13495, 0x1001),
  info('made68', 'Made68', 2, 68, 13495, 0x1002),
  info('made68pro', 'Made68Pro', 3, 68, 13495, 0x1003),
  info('made68pro+', 'Made68Pro+', 4, 68, 13495, 0x1004),
  info('made68ultra', 'Made68Ultra', 5, 68, 13495, 0x1005),
  info('made68ultra+', 'Made68Ultra+', 6, 68, 13495, 0x1006),
  info('mojo68rt', 'Mojo68RT', 7, 68, 1046, 0x2007, true),
  info('made84pro', 'Made84Pro', 8, 84, 13495, 0x1008),
  info('made84ultra', 'Made84Ultra', 9, 84, 13495, 0x1009),
  info('made68air', 'Made68Air', 10, 68, 14420, 0x300a, true),
  info('lumi68', 'Lumi68', 11, 68, 14420, 0x300b),
  info('real67', 'Real67', 12, 67, 14420, 0x300c),
  info('magi60', 'Magi60', 32, 61, 1046, 0x2020),
  info('magipad', 'MagiPad', 33, 21, 1046, 0x2021),
  info('mj65', 'MJ65', 34, 67, 1046, 0x2022),
  info('modern90', 'Modern90', 35, 90, 1046, 0x2023),
  info('modern97', 'Modern97', 36, 97, 1046, 0x2024),
  info('mojo68', 'Mojo68', 37, 68, 1046, 0x2025, true),
  info('mojo84', 'Mojo84', 38, 84, 1046, 0x2026, true),
  info('mojopad', 'MojoPad', 39, 21, 1046, 0x2027, true),
  info('pixel', 'Pixel', 40, 68, 1046, 0x2028),
  info('o2', 'O2', 41, 68, 1046, 0x2029),
  info('mouse01', 'Mouse01', 64, 6, 13495, 0x4040, true, DEV_TYPE.mouse),
  info('dongle01', 'Dongle01', 65, 0, 13495, 0x4041, true, DEV_TYPE.dongle),
];

const byName = new Map(MODELS.map((m) => [m.name, m]));
const byId = new Map(MODELS.map((m) => [m.modelId, m]));

/** Looks a model up by display name in any case ("Made68Pro", "made68pro"). */
export function findModel(displayName: string): ModelInfo | undefined {
  return byName.get(displayName.trim().toLowerCase() as ModelName);
}

export function modelById(modelId: number): ModelInfo | undefined {
  return byId.get(modelId);
}

export function isRedirectModel(displayName: string): boolean {
  return (REDIRECT_MODELS as readonly string[]).includes(displayName.trim().toLowerCase());
}

export function isConfigurableModel(displayName: string): displayName is ConfigurableModel {
  return (CONFIGURABLE_MODELS as readonly string[]).includes(displayName.trim().toLowerCase());
}
