/** The VIA/QMK family: see docs/via.md. */
export { viaFamily } from './family.ts';
export { ViaDriver } from './driver.ts';
export { VIA_KEYBOARD, type ViaKeyboard } from './extensions.ts';
export { checkViaDefinition, type ViaKeyboardFacts } from './definition-check.ts';
export {
  parseViaDefinition,
  ViaDefinitionError,
  packLayoutOptions,
  unpackLayoutOptions,
  type ViaDefinition,
} from './definition.ts';
export { ViaNotTakenError } from './keymap-port.ts';
export type { MenuControl, LightingChannelDef } from './lighting-menus.ts';
export { MacroBufferLockedError } from './macros.ts';
export type { ViaMenu, MenuSection } from './menu-tree.ts';
