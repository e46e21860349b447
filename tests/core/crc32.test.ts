import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/core/crc32.ts';
import { crc32 as protocolCrc32 } from '../../src/protocol/crc.ts';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('CRC-32', () => {
  it('gives the IEEE check value and continues over pieces', () => {
    expect(crc32(ascii('123456789'))).toBe(0xcbf43926);
    expect(crc32(ascii('56789'), crc32(ascii('1234')))).toBe(0xcbf43926);
  });

  it('is the one the protocol uses for firmware images', () => {
    expect(protocolCrc32).toBe(crc32);
  });
});
