/**
 * Calls only libhmk keyboards answer (what the shared areas do not cover); see docs/libhmk.md. Another family's device
 * refuses them.
 */

export const libhmkCalls = {};

/** Events of this area and their payloads. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LibhmkEvents {}
