/**
 * Any reply the keyboard could send: every decoder reads it without throwing and within its ranges, and every port
 * fed a random reply either answers in range or fails with a DriverError (never anything else).
 */
import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeAdvancedKey, encodeAdvancedKey } from '../../../src/drivers/libhmk/advanced-codec.ts';
import * as codec from '../../../src/drivers/libhmk/codec.ts';
import { inflateMetadata, parseMetadata } from '../../../src/drivers/libhmk/metadata.ts';
import { DriverError } from '../../../src/drivers/types.ts';
import { openRig } from './harness.ts';

const report = fc.uint8Array({ minLength: 64, maxLength: 64 });

describe('libhmk decoders under fuzzing', () => {
  it('decode every reply shape within range', () => {
    fc.assert(
      fc.property(report, (r) => {
        expect(codec.decodeVersion(r)).toBeLessThanOrEqual(0xffff);
        expect(codec.decodeSerial(r).length).toBeLessThanOrEqual(32);
        const piece = codec.decodeMetadataPiece(r);
        expect(piece.bytes.length).toBeLessThanOrEqual(59);
        for (const e of codec.decodeAnalogInfo(r, 21)) expect(e.distance).toBeLessThanOrEqual(255);
        expect(codec.decodeActuations(r, 15)).toHaveLength(15);
        const g = codec.decodeGamepadOptions(r);
        expect(g.curve).toHaveLength(4);
        expect(codec.decodeBytes(r, 63)).toHaveLength(63);
      }),
    );
  });

  it('an advanced-key slot decodes to a kind that encodes back to the same meaning', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (bytes) => {
        const key = decodeAdvancedKey(bytes);
        expect(decodeAdvancedKey(encodeAdvancedKey(key))).toEqual(key);
      }),
    );
  });

  it('metadata: random bytes and random JSON are refused as unsupported, never thrown otherwise', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.jsonValue(), (bytes, json) => {
        for (const attempt of [
          () => inflateMetadata(bytes),
          () => parseMetadata(new TextDecoder().decode(bytes)),
          () => parseMetadata(JSON.stringify(json)),
          () => inflateMetadata(gzipSync(new TextEncoder().encode(JSON.stringify(json)))),
        ]) {
          try {
            attempt();
          } catch (e) {
            expect(e).toBeInstanceOf(DriverError);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('libhmk ports fed random replies', () => {
  it('answer within range or fail with a DriverError', async () => {
    const rig = await openRig({}, undefined, 50);
    const p = rig.driver.ports;
    const calls: (() => Promise<unknown>)[] = [
      () => p.keymap!.read(0),
      () => p.performance!.read(0),
      () => p.travel!.read(),
      () => p.gamepad!.read(0),
      () => p.advanced.read(0),
      () => p.options!.read(),
      () => p.calibration.readThresholds!(),
      () => p.profiles!.current(),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: calls.length - 1 }),
        fc.array(report, { minLength: 1, maxLength: 3 }),
        async (i, junk) => {
          rig.transport.clearFaults();
          for (let n = 1; n <= 16; n++) {
            const r = junk[n % junk.length]!;
            rig.transport.injectFault('toHost', n, { kind: 'replace', with: (real) => [n === 1 ? r : real] });
          }
          try {
            const value = await calls[i]!();
            expect(value).toBeDefined();
          } catch (e) {
            expect(e).toBeInstanceOf(DriverError);
          }
          rig.transport.clearFaults();
        },
      ),
      { numRuns: 60 },
    );
  });
});
