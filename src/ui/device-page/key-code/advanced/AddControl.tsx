/**
 * The add control of a tab. On "all" it is a menu of the types this model and firmware offer; on a type's own tab it
 * adds that type directly. It hides once nothing more fits (every offered list at capacity). A type whose list is
 * full stays in the menu marked as full, so choosing it explains why nothing opens (spkey.add.fill.warn).
 */
import { DropdownMenu } from 'radix-ui';
import type { AdvancedType } from '../../../../core/capabilities';
import { useT } from '../../../../i18n/store';
import { PlusIcon } from '../../../widgets/icons';
import { atCapacity, type FuncInfo } from './func-info';
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

  if (tab !== 'all') {
    if (!info.types.includes(tab) || atCapacity(info, tab)) return null;
    return (
      <button type="button" className="button button--primary button--small" onClick={() => onAdd(tab)}>
        <PlusIcon size={16} />
        {t('adv.add.type', t(TYPE_LABEL[tab]))}
      </button>
    );
  }

  if (info.types.every((type) => atCapacity(info, type))) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--primary button--small">
        <PlusIcon size={16} />
        {t('adv.add')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu adv-add-menu" align="end" sideOffset={4}>
          <DropdownMenu.Label className="menu__label">{t('adv.add.menu')}</DropdownMenu.Label>
          {info.types.map((type) => {
            const full = atCapacity(info, type);
            return (
              <DropdownMenu.Item
                key={type}
                className="menu__item adv-add-menu__item"
                data-type={type}
                onSelect={() => onAdd(type)}
              >
                <span className="adv-add-menu__name">
                  {t(TYPE_LABEL[type])}
                  {full && <span className="badge badge--muted">{t('adv.add.full')}</span>}
                </span>
                <span className="adv-add-menu__desc">{t(TYPE_DESCRIPTION[type])}</span>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
