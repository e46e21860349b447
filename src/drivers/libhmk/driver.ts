/**
 * Opening a libhmk keyboard, in hmkconf's order: firmware version (older than 1.4 is refused), serial, metadata.
 * Everything the driver reports afterwards comes from those three answers and the ports' own reads.
 */
import type { Transport } from '../../transport/types.ts';
import {
  DriverError,
  extensionsOf,
  offer,
  type DeviceDriver,
  type DeviceFeatures,
  type DriverPorts,
  type OpenOptions,
} from '../types.ts';
import { decodeSerial, decodeVersion } from './codec.ts';
import { LibhmkContext } from './context.ts';
import { libhmkFeatures } from './features.ts';
import { buildLayout } from './layout.ts';
import { LibhmkLink } from './link.ts';
import { LIBHMK_ADVANCED, LIBHMK_PROFILE_STATE, LIBHMK_SAVE_THRESHOLDS } from './extensions.ts';
import { readMetadata } from './metadata.ts';
import { advancedPort, type LibhmkAdvancedPort } from './port-advanced.ts';
import {
  calibrationPort,
  devicePort,
  optionsPort,
  profilesPort,
  travelPort,
  type LibhmkCalibrationPort,
  type LibhmkProfilesPort,
} from './port-device.ts';
import { gamepadPort } from './port-gamepad.ts';
import { keymapPort } from './port-keymap.ts';
import { performancePort } from './port-performance.ts';
import { CMD, MIN_FIRMWARE, formatFirmwareVersion } from './protocol.ts';

export interface LibhmkPorts extends DriverPorts {
  calibration: LibhmkCalibrationPort;
  profiles: LibhmkProfilesPort;
  /** libhmk's own advanced keys (null bind, DKS, tap-hold, toggle). */
  advanced: LibhmkAdvancedPort;
}

export interface LibhmkDriver extends DeviceDriver {
  readonly ports: LibhmkPorts;
  /** Firmware version as the keyboard reports it (0x0107 for 1.7). */
  readonly firmwareVersion: number;
  /** Reports sent so far (benchmarks read it). */
  readonly reportsSent: number;
}

const DEFAULT_REPLY_TIMEOUT_MS = 1000;

/** Every profile opens in the app (the profiles port chooses which one it edits); the keyboard switches its own. */
function withProfilesOpenedInApp(features: DeviceFeatures): DeviceFeatures {
  return { ...features, profiles: { ...features.profiles, editAny: features.profiles.count > 1 } };
}

export async function openLibhmk(transport: Transport, options: OpenOptions = {}): Promise<LibhmkDriver> {
  if (!transport.connected) await transport.open();
  const link = new LibhmkLink(transport, {
    replyTimeoutMs: options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS,
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
  });
  try {
    let version: number;
    try {
      version = decodeVersion(await link.request(CMD.firmwareVersion));
    } catch (e) {
      if (e instanceof DriverError && e.reason === 'disconnected') throw e;
      throw new DriverError('unsupported', `the device does not answer as a libhmk keyboard (${String(e)})`);
    }
    if (version < MIN_FIRMWARE) {
      throw new DriverError(
        'unsupported',
        `libhmk firmware ${formatFirmwareVersion(version)} is too old: Keytune configures libhmk ${formatFirmwareVersion(MIN_FIRMWARE)} or later; update the keyboard's firmware first`,
      );
    }
    const serial = decodeSerial(await link.request(CMD.getSerial));
    const meta = await readMetadata(link);
    const ctx = new LibhmkContext(link, meta, version);
    const ports: LibhmkPorts = {
      keymap: keymapPort(ctx),
      performance: performancePort(ctx),
      travel: travelPort(ctx),
      calibration: calibrationPort(ctx),
      profiles: profilesPort(ctx),
      options: optionsPort(ctx),
      gamepad: gamepadPort(ctx),
      device: devicePort(ctx),
      advanced: advancedPort(ctx),
    };
    return {
      family: 'libhmk',
      firmwareVersion: version,
      get reportsSent() {
        return link.sent;
      },
      identity: {
        name: meta.name.trim().toLowerCase(),
        displayName: meta.name,
        // The service reads firmware versions as major.minor.patch; libhmk has no patch number on the wire.
        firmware: `${formatFirmwareVersion(version)}.0`,
        hardware: '',
        serial,
        devType: 2,
        accessMode: 0,
        battery: -1,
      },
      features: withProfilesOpenedInApp(libhmkFeatures(meta, version)),
      layout: buildLayout(meta),
      ports,
      extension: extensionsOf([
        offer(LIBHMK_ADVANCED, () => ports.advanced),
        offer(LIBHMK_PROFILE_STATE, () => () => ports.profiles.state()),
        offer(LIBHMK_SAVE_THRESHOLDS, () => {
          const calibration = ports.calibration;
          return calibration.saveThreshold ? () => calibration.saveThreshold!() : undefined;
        }),
      ]),
      onDisconnect: (listener) => transport.onDisconnect(listener),
      async close() {
        link.close();
        await transport.close();
      },
    };
  } catch (e) {
    link.close();
    throw e;
  }
}
