/** A virtual libhmk keyboard (HE60-like) for tests, benchmarks and the virtual-device list: see docs/libhmk.md. */
export {
  LIBHMK_SIM_IDS,
  LibhmkSimulator,
  createLibhmkSimulator,
  type LibhmkSimulatorOptions,
  type LibhmkSimulatorState,
} from './simulator.ts';
export { he60MetadataJson } from './he60.ts';
