/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor): the frame checksum. */
const CRC16_TABLE = (() => {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i << 8;
    for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
    t[i] = c;
  }
  return t;
})();

export function crc16(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = ((crc << 8) & 0xffff) ^ CRC16_TABLE[((crc >> 8) ^ data[i]!) & 0xff]!;
  return crc;
}

/** The whole-image check of a firmware update; pure maths, so it lives in core, where packages are read too. */
export { crc32 } from '../core/crc32.ts';
