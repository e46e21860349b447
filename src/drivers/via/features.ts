/**
 * What an open VIA keyboard can do, from its protocol answers and its definition only. The shared advanced keys,
 * performance and calibration are not VIA's; the rules the screens apply are derived from the features.
 */
import { DEVICE_DEFAULTS, noCapabilities, type Capabilities } from '../../core/capabilities.ts';
import { qmkSpaceForProtocol } from '../../core/keycode-spaces/qmk.ts';
import type { DeviceFeatures } from '../types.ts';
import type { ViaDefinition } from './definition.ts';
import type { ViaSession } from './session.ts';

/** The rules the screens apply: every feature of our own protocol off, with the keyboard's own light range. */
function rules(model: string, firmware: string, def: ViaDefinition | undefined): Capabilities {
  const none = noCapabilities();
  const brightness = def?.lighting.find((c) => c.brightness)?.brightnessMax;
  return {
    ...none,
    model,
    firmware,
    configurable: true,
    lighting: {
      ...none.lighting,
      lightMax: brightness ?? DEVICE_DEFAULTS.lightMax,
      speedMax: def?.lighting.some((c) => c.speed) ? 255 : 0,
    },
  };
}

export function viaFeatures(
  session: ViaSession,
  def: ViaDefinition | undefined,
  identity: { model: string; firmware: string },
): DeviceFeatures {
  return {
    family: 'via',
    destination: 'page',
    keycodeSpace: qmkSpaceForProtocol(session.protocol),
    keyCount: def ? def.matrix.rows * def.matrix.cols : 0,
    layers: session.layers,
    profiles: { count: 1, named: false, switchable: false, duplicate: false, reset: false },
    keymap: def !== undefined,
    advanced: {},
    ...(session.macroCount > 0 && session.macroBufferBytes > 0
      ? { macroBuffer: { count: session.macroCount, bytes: session.macroBufferBytes } }
      : {}),
    ...(def && def.lighting.length
      ? {
          lighting: {
            perKeyColour: false,
            channels: def.lighting.map((c) => ({
              id: c.id,
              effects: c.effects,
              brightnessMax: c.brightnessMax,
              speed: c.speed,
              colour: c.colour,
            })),
          },
        }
      : {}),
    liveTravel: false,
    matrixTester: def !== undefined,
    gamepad: false,
    atomic: false,
    firmwareUpdate: false,
    // The protocol has both commands; current QMK answers them only when the keyboard allows (see docs/via.md).
    factoryReset: true,
    bootloader: true,
    customMenus: (def?.controls.length ?? 0) > 0,
    rules: rules(identity.model, identity.firmware, def),
  };
}
