export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** The budget; the line then also shows value / limit. */
  limit?: number;
}

export function formatMetric(m: Metric): string {
  const v = Number.isInteger(m.value) ? String(m.value) : m.value.toFixed(m.value < 10 ? 3 : 1);
  const budget =
    m.limit === undefined ? '' : `  (limit ${m.limit.toFixed(2)}, ${(m.value / m.limit).toFixed(2)} of limit)`;
  return `${m.name} ${v} ${m.unit}${budget}`;
}
