/**
 * A definition's own menus as the screens draw them: menus, their sections and each section's controls, in the
 * definition's order. Built-in menu names ("qmk_rgb_matrix") are lighting (lighting-menus.ts), not drawn here.
 */
import { menuControls, type MenuControl } from './lighting-menus.ts';

export interface MenuSection {
  label: string;
  /** The section is shown only while this expression holds (src/core/show-if.ts). */
  showIf?: string;
  controls: MenuControl[];
}

export interface ViaMenu {
  label: string;
  sections: MenuSection[];
}

const labelOf = (node: unknown): string =>
  node && typeof node === 'object' && typeof (node as { label?: unknown }).label === 'string'
    ? (node as { label: string }).label
    : '';

const contentOf = (node: unknown): unknown[] => {
  const c = node && typeof node === 'object' ? (node as { content?: unknown }).content : undefined;
  return Array.isArray(c) ? c : [];
};

/** A control's own content is [name, channel, value id…]; a group's content is a list of items. */
const isControl = (node: unknown): boolean =>
  menuControls([node]).length === 1 && typeof contentOf(node)[0] === 'string';

export function menuTree(menus: readonly unknown[]): ViaMenu[] {
  const out: ViaMenu[] = [];
  for (const menu of menus) {
    if (typeof menu === 'string') continue;
    const sections: MenuSection[] = [];
    const loose: unknown[] = [];
    for (const item of contentOf(menu)) {
      if (isControl(item)) loose.push(item);
      else {
        const controls = menuControls([item]);
        const showIf = (item as { showIf?: unknown } | null)?.showIf;
        if (controls.length)
          sections.push({ label: labelOf(item), ...(typeof showIf === 'string' ? { showIf } : {}), controls });
      }
    }
    if (loose.length) sections.unshift({ label: '', controls: menuControls(loose) });
    if (sections.length) out.push({ label: labelOf(menu), sections });
  }
  return out;
}
