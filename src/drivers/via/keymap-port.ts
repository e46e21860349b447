/**
 * The dynamic keymap: one big-endian u16 per key, layer after layer (key id = row × cols + col). The whole keymap is
 * read with get_buffer in 28-byte pieces across layer boundaries; writes go by contiguous runs of cells with
 * set_buffer (14 keys a report) or set_keycode for a lone key, and every written cell is read back.
 */
import { DriverError, type KeyCell, type KeymapPort } from '../types.ts';
import { readU16be, u16be, VIA_CHUNK_BYTES, VIA_CMD } from './protocol.ts';
import { readBuffer, writeBuffer, type ViaMatrix, type ViaSession } from './session.ts';

/** Cells a write did not change on the keyboard (read back with another code). */
export class ViaNotTakenError extends DriverError {
  constructor(readonly cells: (KeyCell & { wanted: number; found: number })[]) {
    super('refused', `the keyboard did not keep ${cells.length} of the written keys`);
    this.name = 'ViaNotTakenError';
  }
}

const KEYS_PER_PIECE = VIA_CHUNK_BYTES / 2;

interface Piece {
  /** Index of the first key in the flat keymap (layer × keys + key id). */
  start: number;
  codes: number[];
}

export function createKeymapPort(session: ViaSession, matrix: ViaMatrix): KeymapPort {
  const keys = matrix.rows * matrix.cols;

  const position = (flat: number) => {
    const layer = Math.floor(flat / keys);
    const key = flat % keys;
    return { layer, row: Math.floor(key / matrix.cols), col: key % matrix.cols, key };
  };

  async function writePiece(p: Piece): Promise<void> {
    if (p.codes.length === 1) {
      const { layer, row, col } = position(p.start);
      await session.client.call({
        command: VIA_CMD.setKeycode,
        args: [layer, row, col, ...u16be(p.codes[0]!)],
        echo: 6,
      });
    } else
      await writeBuffer(
        session,
        VIA_CMD.setBuffer,
        p.start * 2,
        p.codes.flatMap((c) => u16be(c)),
      );
  }

  async function readPiece(p: Piece): Promise<number[]> {
    if (p.codes.length === 1) {
      const { layer, row, col } = position(p.start);
      const reply = await session.client.call({
        command: VIA_CMD.getKeycode,
        args: [layer, row, col],
        echo: 4,
        idempotent: true,
      });
      return [readU16be(reply, 4)];
    }
    const bytes = await readBuffer(session, VIA_CMD.getBuffer, p.start * 2, p.codes.length * 2);
    return p.codes.map((_, i) => readU16be(bytes, i * 2));
  }

  return {
    async read() {
      const bytes = await readBuffer(session, VIA_CMD.getBuffer, 0, session.layers * keys * 2);
      return Array.from({ length: session.layers }, (_, layer) =>
        Array.from({ length: keys }, (_, key) => readU16be(bytes, (layer * keys + key) * 2)),
      );
    },

    async write(cells) {
      const wanted = new Map<number, number>();
      for (const cell of cells) {
        const ok =
          Number.isInteger(cell.layer) &&
          cell.layer >= 0 &&
          cell.layer < session.layers &&
          Number.isInteger(cell.keyId) &&
          cell.keyId >= 0 &&
          cell.keyId < keys &&
          Number.isInteger(cell.code) &&
          cell.code >= 0 &&
          cell.code <= 0xffff;
        if (!ok) throw new DriverError('refused', `no key ${cell.keyId} on layer ${cell.layer} for code ${cell.code}`);
        wanted.set(cell.layer * keys + cell.keyId, cell.code);
      }
      const pieces = piecesOf(wanted);
      for (const p of pieces) await writePiece(p);
      const notTaken: (KeyCell & { wanted: number; found: number })[] = [];
      for (const p of pieces) {
        const found = await readPiece(p);
        found.forEach((code, i) => {
          if (code === p.codes[i]) return;
          const { layer, key } = position(p.start + i);
          notTaken.push({ layer, keyId: key, wanted: p.codes[i]!, found: code });
        });
      }
      if (notTaken.length) throw new ViaNotTakenError(notTaken);
    },
  };
}

/** Contiguous runs of cells, cut into pieces one report carries. */
function piecesOf(wanted: Map<number, number>): Piece[] {
  const flat = [...wanted.keys()].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (const index of flat) {
    const last = pieces[pieces.length - 1];
    if (last && last.start + last.codes.length === index && last.codes.length < KEYS_PER_PIECE)
      last.codes.push(wanted.get(index)!);
    else pieces.push({ start: index, codes: [wanted.get(index)!] });
  }
  return pieces;
}
