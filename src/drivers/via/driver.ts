/**
 * An open VIA keyboard. Without a definition it still works: macros, layout options, custom values and the device
 * commands need none; the keymap, the matrix tester and lighting wait for one (layout null, keymap false). A
 * definition given later (useDefinition) is checked against the keyboard, stored, and brings those ports.
 */
import type { Transport } from '../../transport/types.ts';
import type {
  DefinitionStore,
  DeviceDriver,
  DeviceFeatures,
  DeviceIdentity,
  DeviceLayout,
  DriverPorts,
  ExtensionKey,
} from '../types.ts';
import { extensionsOf, offer } from '../types.ts';
import type { ViaClient } from './client.ts';
import { checkViaDefinition, type ViaKeyboardFacts } from './definition-check.ts';
import { unpackLayoutOptions, type ViaDefinition } from './definition.ts';
import { VIA_KEYBOARD, type ViaKeyboard } from './extensions.ts';
import { viaFeatures } from './features.ts';
import { createKeymapPort } from './keymap-port.ts';
import { layoutForChoices } from './layout-choices.ts';
import { createLightingPort } from './lighting-port.ts';
import { createMacroPort } from './macro-port.ts';
import type { ViaSession } from './session.ts';
import { createCustomValuePort, createDevicePort, createLayoutOptionsPort, createMatrixPort } from './value-ports.ts';

export interface ViaDriverInit {
  transport: Transport;
  client: ViaClient;
  session: ViaSession;
  facts: ViaKeyboardFacts;
  firmwareVersion: number;
  definition?: ViaDefinition;
  /** Why a stored definition was not used, when one was found. */
  definitionProblem?: Error;
  store?: DefinitionStore;
  /** The layout options the keyboard held when it opened (0 when it did not say). */
  layoutOptions?: number;
}

const hex4 = (n: number): string => n.toString(16).padStart(4, '0');

export class ViaDriver implements DeviceDriver, ViaKeyboard {
  readonly family = 'via' as const;
  private def: ViaDefinition | undefined;
  private portsNow: DriverPorts = {};
  /** The packed layout options last read from the keyboard: they choose the keys `layout` draws. */
  private optionsValue: number;
  definitionProblem: Error | undefined;

  constructor(private readonly init: ViaDriverInit) {
    this.def = init.definition;
    this.optionsValue = init.layoutOptions ?? 0;
    this.definitionProblem = init.definitionProblem;
    this.portsNow = this.buildPorts();
  }

  get protocol(): number {
    return this.init.session.protocol;
  }

  get definition(): ViaDefinition | undefined {
    return this.def;
  }

  /** What the keyboard told of itself at opening: ids, protocol, layers. */
  get keyboard(): Readonly<ViaKeyboardFacts> {
    return this.init.facts;
  }

  /** Reports sent and replies taken on this keyboard's link (benchmarks, bug reports). */
  get stats() {
    return this.init.client.stats;
  }

  get identity(): DeviceIdentity {
    const fw = this.init.firmwareVersion >>> 0;
    const name = this.def?.name ?? this.init.transport.info.productName;
    return {
      name: name.toLowerCase().replace(/\s+/g, ''),
      displayName: name,
      // id_firmware_version is the board's own VIA_FIRMWARE_VERSION, 0 unless its maker set one: 0 names no version,
      // so none is shown (not "0.0.0"); the VIA protocol is told apart (via_get_definition_info).
      firmware: fw === 0 ? '' : `${(fw >>> 16) & 0xffff}.${(fw >>> 8) & 0xff}.${fw & 0xff}`,
      hardware: '',
      serial: '',
      devType: 2,
      accessMode: 0,
      battery: -1,
      model: `${hex4(this.init.facts.vendorId)}:${hex4(this.init.facts.productId)}`,
    };
  }

  private readonly extensions = extensionsOf([offer(VIA_KEYBOARD, () => this as ViaKeyboard)]);

  extension<T>(key: ExtensionKey<T>): T | undefined {
    return this.extensions(key);
  }

  /** The keys drawn for the layout options the keyboard holds (the definition keeps every choice). */
  get layout(): DeviceLayout | null {
    if (!this.def) return null;
    return layoutForChoices(this.def.layout, unpackLayoutOptions(this.optionsValue, this.def.optionChoices));
  }

  /** The keyboard's packed layout options, as last read. */
  get layoutOptionsValue(): number {
    return this.optionsValue;
  }

  get ports(): DriverPorts {
    return this.portsNow;
  }

  get features(): DeviceFeatures {
    return viaFeatures(this.init.session, this.def);
  }

  /** Checks a definition against this keyboard, stores it and brings the ports it enables. */
  async useDefinition(json: string): Promise<ViaDefinition> {
    const def = checkViaDefinition(json, this.init.facts);
    await this.init.store?.put(this.init.facts.vendorId, this.init.facts.productId, json);
    this.def = def;
    this.definitionProblem = undefined;
    this.portsNow = this.buildPorts();
    return def;
  }

  onDisconnect(listener: () => void): () => void {
    return this.init.transport.onDisconnect(listener);
  }

  async close(): Promise<void> {
    this.init.client.close();
    await this.init.transport.close();
  }

  private buildPorts(): DriverPorts {
    const s = this.init.session;
    const options = createLayoutOptionsPort(s);
    const ports: DriverPorts = {
      layoutOptions: {
        read: async () => (this.optionsValue = await options.read()),
        write: (value) => options.write(value),
      },
      customValues: createCustomValuePort(s),
      device: createDevicePort(s),
    };
    if (s.macroCount > 0 && s.macroBufferBytes > 0) ports.macros = createMacroPort(s);
    if (this.def) {
      ports.keymap = createKeymapPort(s, this.def.matrix);
      ports.matrix = createMatrixPort(s, this.def.matrix);
      if (this.def.lighting.length) ports.lighting = createLightingPort(s, this.def.lighting);
    }
    return ports;
  }
}
