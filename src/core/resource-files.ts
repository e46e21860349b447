/** Where each start-up resource is served, relative to the app's base URL. Kept apart from the tables in
 * resources.ts so the device worker can start these downloads before it evaluates anything else. */
export const RESOURCE_FILES = {
  keycodes: 'default/keycodes.json',
  common: 'default/common.json',
  ledModes: 'default/led-modes.json',
  version: 'default/version.json',
} as const;

export type ResourceKind = keyof typeof RESOURCE_FILES;
