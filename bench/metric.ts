export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** The budget, a ceiling (lower is better); the line then also shows value / limit. */
  limit?: number;
  /** The goal, a floor (higher is better, such as frames or events a second); the line then shows value / floor. */
  floor?: number;
}

export function formatMetric(m: Metric): string {
  const v = Number.isInteger(m.value) ? String(m.value) : m.value.toFixed(m.value < 10 ? 3 : 1);
  const budget =
    m.limit !== undefined
      ? `  (limit ${m.limit.toFixed(2)}, ${(m.value / m.limit).toFixed(2)} of limit)`
      : m.floor !== undefined
        ? `  (floor ${m.floor.toFixed(2)}, ${(m.value / m.floor).toFixed(2)} of floor)`
        : '';
  return `${m.name} ${v} ${m.unit}${budget}`;
}

/** True when the metric misses its budget: above its limit or below its floor. */
export function missesBudget(m: Metric): boolean {
  return (m.limit !== undefined && m.value > m.limit) || (m.floor !== undefined && m.value < m.floor);
}

/** A device service with one virtual made84ultra on the 1 ms loopback link: the keyboard every link metric uses. */
export async function made84ultraOnUsbLink() {
  const { loopbackVirtualFactory } = await import('../src/host/virtual-loopback.ts');
  const { createDeviceService } = await import('../src/service/index.ts');
  const { LINK_PRESETS } = await import('../src/transport/types.ts');
  const factory = loopbackVirtualFactory(LINK_PRESETS.usb);
  const service = createDeviceService({ createVirtual: factory.create });
  const path = (await service.call('app_info', 'add_virtual_device', [
    '--display_name',
    'made84ultra',
    '--fw_ver',
    '6.2.0',
  ])) as string;
  const device = service.devices().find((d) => d.path === path)!;
  return { factory, service, path, device };
}
