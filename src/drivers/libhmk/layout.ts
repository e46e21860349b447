/**
 * The drawing from the metadata's rows. Positions follow the keyboard-layout-editor convention the firmware's
 * keyboard.json uses: in a row, `x` and `y` move the pen before a key, a key advances the pen by its width, and each
 * row starts one unit lower at the left edge. A key drawn only for a layout choice other than the first is moved so
 * its choice's group starts where the first choice's group does (the rows of choices are drawn side by side there).
 */
import type { DeviceLayout, DeviceLayoutKey, LayoutOption } from '../types.ts';
import type { LibhmkMetadata } from './metadata.ts';

export function buildLayout(m: LibhmkMetadata, profile = 0): DeviceLayout {
  const placed: { key: LibhmkMetadata['rows'][number][number]; x: number; y: number }[] = [];
  const pen = { x: 0, y: 0 };
  for (const row of m.rows) {
    for (const key of row) {
      pen.x += key.x;
      pen.y += key.y;
      placed.push({ key, x: pen.x, y: pen.y });
      pen.x += key.w;
    }
    pen.x = 0;
    pen.y += 1;
  }

  // The top-left corner of each choice's keys.
  const anchors = new Map<string, { x: number; y: number }>();
  for (const p of placed) {
    if (!p.key.option) continue;
    const id = p.key.option.join(':');
    const a = anchors.get(id) ?? { x: Infinity, y: Infinity };
    anchors.set(id, { x: Math.min(a.x, p.x), y: Math.min(a.y, p.y) });
  }

  const keys: DeviceLayoutKey[] = placed.map(({ key, x, y }) => {
    let at = { x, y };
    if (key.option && key.option[1] !== 0) {
      const own = anchors.get(key.option.join(':'))!;
      const first = anchors.get(`${key.option[0]}:0`);
      if (first) at = { x: x + first.x - own.x, y: y + first.y - own.y };
    }
    const out: DeviceLayoutKey = { id: key.key, x: at.x, y: at.y, w: key.w, h: key.h };
    const code = m.defaultKeymaps[profile]?.[0]?.[key.key];
    if (code !== undefined) out.code = code;
    if (key.option) out.option = [key.option[0], key.option[1]];
    return out;
  });

  const shown = keys.filter((k) => !k.option || k.option[1] === 0);
  const width = Math.max(0, ...shown.map((k) => k.x + k.w));
  const height = Math.max(0, ...shown.map((k) => k.y + k.h));
  const options: LayoutOption[] = m.labels.map((label) =>
    typeof label === 'string' ? { label, choices: ['off', 'on'] } : { label: label[0]!, choices: label.slice(1) },
  );
  return { keys, width, height, ...(options.length ? { options } : {}) };
}
