/**
 * Bug reports: one call answers everything a person supporting a keyboard asks for about one device, as the bundle
 * saved to a file (docs/bug-report.md). The bundle's shape is declared here once, with the schema that reads a file
 * back, so the service that builds it and the screen that opens it cannot drift apart.
 */
import { z } from 'zod';
import type { DeviceFeatures } from './device-features.ts';

export const REPORT_FORMAT = 'keytune-report';
export const REPORT_VERSION = 1;
/** How many exchanges and console messages a bundle keeps at the most, per device and per place. */
export const REPORT_LIMITS = { exchanges: 500, messages: 200 } as const;

const runtime = z.object({
  /** The browser's user agent (the page, or the worker the service runs in). */
  user_agent: z.string().nullable(),
  /** The Node version of a service running in Node (desktop bridge, command line). */
  node: z.string().nullable(),
  /** Operating system and processor, as the runtime names them. */
  os: z.string().nullable(),
});

const exchange = z.object({
  /** Milliseconds since `exchanges_since`. */
  t_ms: z.number().nonnegative(),
  dir: z.enum(['sent', 'received', 'none']),
  /** The report's bytes as hex, two digits a byte; `xx` where a serial number was left out. */
  hex: z.string().regex(/^(?:[0-9a-f]{2}|xx)*$/, 'hex, two digits a byte'),
  outcome: z.enum(['ok', 'timeout', 'refused', 'bad-reply', 'disconnected', 'failed']),
  note: z.string().optional(),
});

const message = z.object({
  where: z.enum(['service', 'page']),
  level: z.enum(['warn', 'error']),
  /** ISO 8601. */
  time: z.string(),
  text: z.string(),
});

export const reportBundleSchema = z.object({
  format: z.literal(REPORT_FORMAT),
  version: z.literal(REPORT_VERSION),
  /** ISO 8601. */
  created: z.string(),
  /** `hashed`: every serial number is replaced by `sn-` and 16 hex digits of its SHA-256, the same on every run. */
  serials: z.enum(['included', 'hashed']),
  app: z.object({ version: z.string().nullable() }),
  system: z.object({ service: runtime, page: runtime.nullable() }),
  device: z.object({
    path: z.string(),
    family: z.string(),
    model: z.string(),
    name: z.string(),
    firmware: z.string(),
    hardware: z.string(),
    serial: z.string(),
    dev_type: z.number(),
    access: z.string(),
    virtual: z.boolean(),
    online: z.boolean(),
  }),
  /** The device's features as its record carries them (DeviceRecord.features); read back as any object. */
  features: z.custom<DeviceFeatures>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
  layout: z.object({ keys: z.number(), width: z.number(), height: z.number() }).nullable(),
  /** ISO 8601 time of `t_ms` 0. */
  exchanges_since: z.string(),
  exchanges: z.array(exchange).max(REPORT_LIMITS.exchanges),
  messages: z.array(message).max(2 * REPORT_LIMITS.messages),
  /** Names of the device's restore points, newest first; empty when it has none. */
  restore_points: z.array(z.string()),
});

export type ReportBundle = z.infer<typeof reportBundleSchema>;
export type ReportExchange = z.infer<typeof exchange>;
export type ReportMessage = z.infer<typeof message>;
export type ReportRuntime = z.infer<typeof runtime>;
