/** The libhmk family (open-source Hall-effect keyboard firmware): see docs/libhmk.md. */
export { libhmkFamily } from './family.ts';
export { openLibhmk, type LibhmkDriver, type LibhmkPorts } from './driver.ts';
export type { LibhmkAdvancedPort } from './port-advanced.ts';
export { LIBHMK_ADVANCED, LIBHMK_SAVE_THRESHOLDS } from './extensions.ts';
export type { LibhmkCalibrationPort } from './port-device.ts';
export {
  DKS_ACTIONS,
  DKS_PHASES,
  NULL_BIND_BEHAVIOURS,
  TAPPING_TERM_MS,
  type DksAction,
  type LibhmkAdvancedKey,
  type NullBindBehaviour,
} from './advanced-codec.ts';
export { NotTakenError } from './writes.ts';
export { TRAVEL_MM, distanceToMm, mmToDistance } from './distance.ts';
