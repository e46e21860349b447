/**
 * Whether a definition belongs to an open keyboard: the same vendor and product id, and a matrix no larger than
 * the keyboard's. VIA keyboards do not report their matrix, but the switch-matrix reply shows it: QMK writes
 * exactly MATRIX_ROWS × ceil(MATRIX_COLS / 8) bytes (as far as one report holds) and leaves the rest of the request
 * as it came. Two probes with different filler bytes tell written bytes from filler.
 */
import { DriverError } from '../types.ts';
import type { ViaClient } from './client.ts';
import { ViaDefinitionError, parseViaDefinition, type ViaDefinition } from './definition.ts';
import { matrixHasOffset, matrixRowBytes, VIA_CHUNK_BYTES, VIA_CMD, VIA_VALUE } from './protocol.ts';

export interface ViaKeyboardFacts {
  vendorId: number;
  productId: number;
  protocol: number;
  layers: number;
  /** Bytes of switch-matrix rows the keyboard writes into one reply (undefined: it did not say). */
  matrixBytes?: number;
}

/** Bytes the keyboard writes into a switch-matrix reply from its first row; undefined when it does not answer. */
export async function probeMatrixBytes(client: ViaClient, protocol: number): Promise<number | undefined> {
  const head = matrixHasOffset(protocol) ? [VIA_VALUE.switchMatrixState, 0] : [VIA_VALUE.switchMatrixState];
  const room = 31 - head.length;
  const written = new Array<boolean>(room).fill(false);
  try {
    for (const filler of [0xa5, 0x5a]) {
      const reply = await client.call({
        command: VIA_CMD.getKeyboardValue,
        args: [...head, ...new Array<number>(room).fill(filler)],
        echo: 1 + head.length,
        idempotent: true,
      });
      for (let i = 0; i < room; i++) if (reply[1 + head.length + i] !== filler) written[i] = true;
    }
  } catch (e) {
    if (e instanceof DriverError && e.reason === 'unsupported') return undefined;
    throw e;
  }
  return written.lastIndexOf(true) + 1;
}

/**
 * Reads a definition and checks it against a keyboard. Throws ViaDefinitionError with the i18n id of the reason:
 * not JSON, invalid, another keyboard's, a matrix larger than the keyboard's, a keymap larger than the protocol
 * addresses.
 */
export function checkViaDefinition(text: string, keyboard: ViaKeyboardFacts): ViaDefinition {
  const def = parseViaDefinition(text);
  if (def.vendorId !== keyboard.vendorId || def.productId !== keyboard.productId)
    throw new ViaDefinitionError('via.definition.otherKeyboard', [
      hexId(def.vendorId, def.productId),
      hexId(keyboard.vendorId, keyboard.productId),
    ]);
  const { rows, cols } = def.matrix;
  if (keyboard.layers * rows * cols * 2 > 0xffff)
    throw new ViaDefinitionError('via.definition.matrixTooLarge', [rows, cols]);
  const need = rows * matrixRowBytes(cols);
  // Only a reply with room left over shows where the keyboard's matrix ends.
  if (keyboard.matrixBytes !== undefined && keyboard.matrixBytes < VIA_CHUNK_BYTES - 2 && need > keyboard.matrixBytes)
    throw new ViaDefinitionError('via.definition.matrixTooLarge', [rows, cols]);
  return def;
}

const hex4 = (v: number) => v.toString(16).toUpperCase().padStart(4, '0');
const hexId = (vid: number, pid: number) => `${hex4(vid)}:${hex4(pid)}`;
