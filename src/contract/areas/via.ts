/**
 * Calls only via keyboards answer (what the shared areas do not cover); see docs/via.md. Another family's device
 * refuses them.
 */

export const viaCalls = {};

/** Events of this area and their payloads. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ViaEvents {}
