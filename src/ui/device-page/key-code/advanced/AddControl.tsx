/**
 * The add control of a tab. On "all" it is a menu of the types this model and firmware offer; on a type's own tab it
 * adds that type directly. It stays on every tab whatever the lists hold (spec-1 §2): adding to a list without a free
 * slot or at capacity is refused by `onAdd` with spkey.add.fill.warn and opens nothing (spec-1 §5). A full type is
 * marked "full" in the menu; when every offered list is full, the "all" button refuses at once instead of opening a
 * menu of nothing but full types.
 */
import { DropdownMenu } from 'radix-ui';
import type { AdvancedType } from '../../../../core/capabilities';
import { useT } from '../../../../i18n/store';
import { PlusIcon } from '../../../widgets/icons';
import { isFull, type FuncInfo } from './func-info';
import { TYPE_DESCRIPTION, TYPE_LABEL } from './labels';

export function AddControl({
  tab,
  info,
  onAdd,
}: {
  tab: 'all' | AdvancedType;
  info: FuncInfo;
  onAdd(type: AdvancedType): void;
}) {
  const t = useT();
  const button = (label: string, type: AdvancedType) => (
    <button type="button" className="button button--primary button--small" onClick={() => onAdd(type)}>
      <PlusIcon size={16} />
      {label}
    </button>
  );

  if (tab !== 'all') {
    // A type this firmware does not offer has a note on its tab instead (spec-1 §4).
    if (!info.types.includes(tab)) return null;
    return button(t('adv.add.type', t(TYPE_LABEL[tab])), tab);
  }

  const [first] = info.types;
  if (first === undefined) return null;
  // Every list is full: adding any of them is refused the same way, so the button says so without a menu.
  if (info.types.every((type) => isFull(info, type))) return button(t('adv.add'), first);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--primary button--small">
        <PlusIcon size={16} />
        {t('adv.add')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu adv-add-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu__label">{t('adv.add.menu')}</DropdownMenu.Label>
          {info.types.map((type) => (
            <DropdownMenu.Item
              key={type}
              className="menu__item adv-add-menu__item"
              data-type={type}
              onSelect={() => onAdd(type)}
            >
              <span className="adv-add-menu__name">
                {t(TYPE_LABEL[type])}
                {isFull(info, type) && <span className="badge badge--muted">{t('adv.add.full')}</span>}
              </span>
              <span className="adv-add-menu__desc">{t(TYPE_DESCRIPTION[type])}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
