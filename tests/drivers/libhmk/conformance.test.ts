/** The libhmk driver through the family-independent conformance suite, at each firmware version it supports. */
import { describeDriverConformance } from './conformance.ts';
import { openRig } from './harness.ts';

for (const version of [0x0104, 0x0105, 0x0106, 0x0107]) {
  describeDriverConformance(
    `libhmk ${version >> 8}.${version & 0xff}`,
    async () => (await openRig({ version })).driver,
  );
}
