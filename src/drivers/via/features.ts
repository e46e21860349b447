/**
 * What an open VIA keyboard can do, from its protocol answers and its definition only. The shared advanced keys,
 * performance, calibration, device settings and firmware updates are not VIA's.
 */
import { qmkSpaceForProtocol } from '../../core/keycode-spaces/qmk.ts';
import { NO_SETTINGS } from '../../core/device-features.ts';
import type { DeviceFeatures } from '../types.ts';
import type { ViaDefinition } from './definition.ts';
import type { ViaSession } from './session.ts';

export function viaFeatures(session: ViaSession, def: ViaDefinition | undefined): DeviceFeatures {
  return {
    family: 'via',
    destination: 'page',
    keycodeSpace: qmkSpaceForProtocol(session.protocol),
    keyCount: def ? def.matrix.rows * def.matrix.cols : 0,
    layers: session.layers,
    profiles: { count: 1, named: false, switchable: false, duplicate: false, reset: false, sceneFiles: false },
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
            outerFrame: false,
            ambient: false,
          },
        }
      : {}),
    // VIA has no settings command of its own: n-key rollover and the like are key codes, not switches.
    settings: NO_SETTINGS,
    liveTravel: false,
    matrixTester: def !== undefined,
    gamepad: false,
    atomic: false,
    firmwareUpdate: false,
    // The protocol has both commands; current QMK answers them only when the keyboard allows (see docs/via.md).
    factoryReset: true,
    bootloader: true,
    customMenus: (def?.controls.length ?? 0) > 0,
    // Without its definition the keyboard cannot be drawn: the Key code tab asks for one instead.
    screens: def ? ['via'] : ['via', 'via-definition'],
  };
}
