/**
 * The key's context menu (spec-1 §2): id_num, name, tip and img_name of its assignment. Choosing an entry copies its
 * value, which is what one wants from these facts (a bug report, a search).
 */
import { ContextMenu } from 'radix-ui';
import { useT } from '../../i18n/store';
import type { AssignmentInfo } from './assignment';

const ROWS = [
  ['id_num', 'keymap.menu.id'],
  ['name', 'keymap.menu.name'],
  ['tip', 'keymap.menu.tip'],
  ['img_name', 'keymap.menu.image'],
] as const;

function copy(text: string): void {
  void globalThis.navigator?.clipboard?.writeText(text).catch(() => undefined);
}

export function KeyMenuContent({ legend, info }: { legend: string; info: AssignmentInfo }) {
  const t = useT();
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content className="menu kb-menu" aria-label={t('keymap.menu.title', legend)}>
        <ContextMenu.Label className="menu__label">{t('keymap.menu.title', legend)}</ContextMenu.Label>
        {ROWS.map(([field, id]) => {
          const value = field === 'id_num' && info.id_hex ? `${info.id_num} (${info.id_hex})` : String(info[field]);
          return (
            <ContextMenu.Item key={field} className="menu__item" data-field={field} onSelect={() => copy(value)}>
              {t(id, value === '' ? t('keymap.menu.empty') : value)}
            </ContextMenu.Item>
          );
        })}
      </ContextMenu.Content>
    </ContextMenu.Portal>
  );
}
