/**
 * Travel crosses the wire in 0.01 mm units and the bridge in millimetres. Every conversion between the two goes
 * through these functions so rounding happens the same way everywhere.
 */

/** Device travel units per millimetre. */
export const UNITS_PER_MM = 100;

/** Largest travel a u16 wire field can carry. */
export const MAX_TRAVEL_UNITS = 0xffff;

/** Millimetres from device units; two decimals, so 0.1 + 0.2 style noise never reaches the UI. */
export function unitsToMm(units: number): number {
  return Math.round(units) / UNITS_PER_MM;
}

/**
 * Device units from millimetres, rounded to the nearest unit. Throws RangeError for values that cannot be sent
 * (negative, not finite, beyond a u16) so a caller never writes a wrapped value.
 */
export function mmToUnits(mm: number): number {
  if (!Number.isFinite(mm)) throw new RangeError(`travel ${mm} mm is not a number`);
  const units = Math.round(mm * UNITS_PER_MM);
  if (units < 0 || units > MAX_TRAVEL_UNITS) throw new RangeError(`travel ${mm} mm is out of range`);
  return units;
}

/** Rounds a millimetre value to the precision the device can hold (0.01 mm). */
export function roundMm(mm: number): number {
  return Math.round(mm * UNITS_PER_MM) / UNITS_PER_MM;
}
