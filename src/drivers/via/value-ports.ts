/**
 * The small VIA ports: switch matrix state (matrix tester), layout options, custom menu values and the device
 * commands (bootloader jump, EEPROM reset) that current QMK does not handle unless the keyboard allows them.
 */
import type { CustomValuePort, DevicePort, LayoutOptionsPort, MatrixPort } from '../types.ts';
import { DriverError } from '../types.ts';
import { matrixHasOffset, matrixRowBytes, readU32be, u32be, VIA_CHUNK_BYTES, VIA_CMD, VIA_VALUE } from './protocol.ts';
import type { ViaMatrix, ViaSession } from './session.ts';

/**
 * Rows of the switch matrix, each ceil(cols / 8) bytes with the highest columns first. From protocol 12 the request
 * names the first row and the reply carries as many rows as fit 28 bytes from byte 3; before, all rows from byte 2.
 */
export async function readMatrixRows(session: ViaSession, matrix: ViaMatrix): Promise<number[]> {
  const perRow = matrixRowBytes(matrix.cols);
  const rows: number[] = [];
  if (!matrixHasOffset(session.protocol)) {
    if (perRow * matrix.rows > VIA_CHUNK_BYTES + 1)
      throw new DriverError('unsupported', 'the matrix is too large to read before protocol 12');
    const reply = await session.client.call({
      command: VIA_CMD.getKeyboardValue,
      args: [VIA_VALUE.switchMatrixState],
      echo: 2,
      idempotent: true,
    });
    for (let r = 0; r < matrix.rows; r++) rows.push(rowValue(reply, 2 + r * perRow, perRow));
    return rows;
  }
  const perQuery = Math.floor(VIA_CHUNK_BYTES / perRow);
  for (let offset = 0; offset < matrix.rows; offset += perQuery) {
    const reply = await session.client.call({
      command: VIA_CMD.getKeyboardValue,
      args: [VIA_VALUE.switchMatrixState, offset],
      echo: 3,
      idempotent: true,
    });
    for (let r = 0; r < perQuery && offset + r < matrix.rows; r++) rows.push(rowValue(reply, 3 + r * perRow, perRow));
  }
  return rows;
}

function rowValue(reply: Uint8Array, at: number, bytes: number): number {
  let v = 0;
  for (let i = 0; i < bytes; i++) v = v * 256 + reply[at + i]!;
  return v;
}

export function createMatrixPort(session: ViaSession, matrix: ViaMatrix): MatrixPort {
  return {
    async read() {
      const rows = await readMatrixRows(session, matrix);
      const out: boolean[] = [];
      for (let r = 0; r < matrix.rows; r++)
        for (let c = 0; c < matrix.cols; c++) out.push(Math.floor(rows[r]! / 2 ** c) % 2 === 1);
      return out;
    },
  };
}

export function createLayoutOptionsPort(session: ViaSession): LayoutOptionsPort {
  return {
    async read() {
      const reply = await session.client.call({
        command: VIA_CMD.getKeyboardValue,
        args: [VIA_VALUE.layoutOptions],
        echo: 2,
        idempotent: true,
      });
      return readU32be(reply, 2);
    },
    async write(value) {
      if (!Number.isInteger(value) || value < 0 || value > 0xffffffff)
        throw new DriverError('refused', `layout options ${value} is not a 32-bit number`);
      await session.client.call({
        command: VIA_CMD.setKeyboardValue,
        args: [VIA_VALUE.layoutOptions, ...u32be(value)],
        echo: 6,
      });
    },
  };
}

const byteOk = (v: number) => Number.isInteger(v) && v >= 0 && v <= 255;

export function createCustomValuePort(session: ViaSession): CustomValuePort {
  const check = (channel: number, id: number, bytes: readonly number[]) => {
    if (!byteOk(channel) || !byteOk(id) || !bytes.every(byteOk) || bytes.length > 28)
      throw new DriverError('refused', `channel ${channel}, value ${id}: bytes 0-255, at most 28`);
  };
  return {
    async get(channel, id, bytes) {
      check(channel, id, new Array<number>(Math.max(0, bytes)).fill(0));
      const reply = await session.client.call({
        command: VIA_CMD.customGetValue,
        args: [channel, id],
        echo: 3,
        idempotent: true,
      });
      return [...reply.slice(3, 3 + bytes)];
    },
    async set(channel, id, value) {
      check(channel, id, value);
      await session.client.call({
        command: VIA_CMD.customSetValue,
        args: [channel, id, ...value],
        echo: 3 + value.length,
      });
    },
    async save(channel) {
      check(channel, 0, []);
      await session.client.call({ command: VIA_CMD.customSave, args: [channel], echo: 2 });
    },
  };
}

export function createDevicePort(session: ViaSession): DevicePort {
  return {
    async bootloader() {
      await session.client.call({ command: VIA_CMD.bootloaderJump, echo: 1 });
    },
    async factoryReset() {
      await session.client.call({ command: VIA_CMD.eepromReset, echo: 1 });
    },
  };
}
