/**
 * The VIA/QMK family. Its collection is the raw HID one (usage page 0xFF60, usage 0x61) that Keytune's own protocol
 * also uses: VIA's reports are 32 bytes, ours 64, and our vendor ids are known; when the report size is not told,
 * the probe (get_protocol_version) decides.
 */
import { VENDOR_IDS } from '../../core/models.ts';
import type { Transport } from '../../transport/types.ts';
import { DriverError, type DeviceFamily, type HidCandidate, type OpenOptions } from '../types.ts';
import { ViaClient } from './client.ts';
import { probeMatrixBytes, checkViaDefinition, type ViaKeyboardFacts } from './definition-check.ts';
import type { ViaDefinition } from './definition.ts';
import { ViaDriver } from './driver.ts';
import {
  readU16be,
  readU32be,
  VIA_CMD,
  VIA_MIN_PROTOCOL,
  VIA_REPORT_BYTES,
  VIA_USAGE,
  VIA_USAGE_PAGE,
  VIA_VALUE,
} from './protocol.ts';
import type { ViaSession } from './session.ts';

/** A probe that gets no answer gives up sooner than ordinary calls: a keyboard of another family stays silent. */
const PROBE_TIMEOUT_MS = 300;

function matches(candidate: HidCandidate): boolean {
  return candidate.collections.some((c) => {
    if (c.usagePage !== VIA_USAGE_PAGE || c.usage !== VIA_USAGE) return false;
    const bytes = c.inputReportBytes ?? c.outputReportBytes;
    if (bytes !== undefined) return bytes === VIA_REPORT_BYTES;
    return !(VENDOR_IDS as readonly number[]).includes(candidate.vendorId);
  });
}

async function optional<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof DriverError && e.reason === 'unsupported') return fallback;
    throw e;
  }
}

async function open(transport: Transport, options: OpenOptions = {}): Promise<ViaDriver> {
  if (transport.info.reportBytes !== VIA_REPORT_BYTES)
    throw new DriverError('unsupported', `VIA keyboards use ${VIA_REPORT_BYTES}-byte reports`);
  if (!transport.connected) await transport.open();
  const probe = new ViaClient(transport, { ...options, replyTimeoutMs: options.replyTimeoutMs ?? PROBE_TIMEOUT_MS });
  let protocol: number;
  try {
    protocol = readU16be(await probe.call({ command: VIA_CMD.getProtocolVersion, echo: 1, idempotent: true }), 1);
  } catch (e) {
    throw new DriverError('unsupported', `the device does not answer as a VIA keyboard (${(e as Error).message})`);
  } finally {
    probe.close();
  }
  if (protocol < VIA_MIN_PROTOCOL)
    throw new DriverError('unsupported', `VIA protocol ${protocol} is older than ${VIA_MIN_PROTOCOL}`);

  const client = new ViaClient(transport, options);
  const one = async (command: number) => (await client.call({ command, echo: 1, idempotent: true }))[1]!;
  const layers = await one(VIA_CMD.getLayerCount);
  const macroCount = await optional(() => one(VIA_CMD.macroGetCount), 0);
  const macroBufferBytes = await optional(
    async () => readU16be(await client.call({ command: VIA_CMD.macroGetBufferSize, echo: 1, idempotent: true }), 1),
    0,
  );
  const keyboardValue = async (id: number) =>
    readU32be(await client.call({ command: VIA_CMD.getKeyboardValue, args: [id], echo: 2, idempotent: true }), 2);
  const firmwareVersion = await optional(() => keyboardValue(VIA_VALUE.firmwareVersion), 0);
  const layoutOptions = await optional(() => keyboardValue(VIA_VALUE.layoutOptions), 0);
  const session: ViaSession = { client, protocol, layers, macroCount, macroBufferBytes };
  const { vendorId, productId } = transport.info;
  const matrixBytes = await probeMatrixBytes(client, protocol);
  const facts: ViaKeyboardFacts = {
    vendorId,
    productId,
    protocol,
    layers,
    ...(matrixBytes !== undefined ? { matrixBytes } : {}),
  };

  let definition: ViaDefinition | undefined;
  let definitionProblem: Error | undefined;
  const stored = await options.definitions?.get(vendorId, productId);
  if (stored !== undefined) {
    try {
      definition = checkViaDefinition(stored, facts);
    } catch (e) {
      definitionProblem = e as Error;
    }
  }
  return new ViaDriver({
    transport,
    client,
    session,
    facts,
    firmwareVersion,
    layoutOptions,
    ...(definition ? { definition } : {}),
    ...(definitionProblem ? { definitionProblem } : {}),
    ...(options.definitions ? { store: options.definitions } : {}),
  });
}

export const viaFamily: DeviceFamily = {
  id: 'via',
  reportBytes: VIA_REPORT_BYTES,
  filters: [{ usagePage: VIA_USAGE_PAGE, usage: VIA_USAGE }],
  matches,
  open,
};
