/**
 * What a VIA driver offers beside its ports, by typed key (src/drivers/types.ts ExtensionKey): the keyboard's
 * definition (used, given later, or why a stored one was refused), its ids and protocol. A driver that speaks VIA and
 * more (a family built on VIA) answers the same key.
 */
import { extensionKey } from '../types.ts';
import type { ViaKeyboardFacts } from './definition-check.ts';
import type { ViaDefinition } from './definition.ts';

export interface ViaKeyboard {
  /** VIA protocol version the keyboard answered. */
  readonly protocol: number;
  readonly definition: ViaDefinition | undefined;
  /** Why a stored definition was not used, when one was found. */
  readonly definitionProblem: Error | undefined;
  /** What the keyboard told of itself at opening: ids, protocol, layers. */
  readonly keyboard: Readonly<ViaKeyboardFacts>;
  /** Checks a definition against this keyboard, stores it and brings the ports it enables. */
  useDefinition(json: string): Promise<ViaDefinition>;
}

export const VIA_KEYBOARD = extensionKey<ViaKeyboard>('via.keyboard');
