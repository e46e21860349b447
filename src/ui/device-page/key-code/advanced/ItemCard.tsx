/**
 * One advanced-key item: its typed badge, a title summarising its keys (for a shortcut, after its kind: replace,
 * action, lock, mod-tap or toggle, which the keys alone do not tell apart), a Bind button (key-bound types) and a menu
 * with edit, rename (not for snap-tap and hyper-tap) and delete. Key-bound cards can also be dragged onto the
 * keyboard drawing, carrying their keyword under KEYWORD_DRAG_TYPE. An item that names the key it sits on says which.
 */
import { DropdownMenu } from 'radix-ui';
import { Fragment, useId } from 'react';
import {
  BADGE_LETTERS,
  ELLIPSIS,
  canRename,
  itemSummary,
  needsKeyBinding,
  type AdvancedItem,
} from '../../../../core/advanced-keys';
import { useT } from '../../../../i18n/store';
import { tx } from '../../../device-list/extra-texts';
import { placeOf } from './actions';
import { KEYWORD_DRAG_TYPE, itemKeyword, itemShortName } from './keys';
import { TYPE_LABEL, shortcutTypeLabel, typeNameOf } from './labels';

export interface ItemCardProps {
  item: AdvancedItem;
  /** The name of a key, for an item that says which key it sits on. */
  keyLabel?(keyId: number): string;
  onBind(item: AdvancedItem): void;
  onEdit(item: AdvancedItem): void;
  onRename(item: AdvancedItem): void;
  onDelete(item: AdvancedItem): void;
}

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}

export function ItemCard({ item, keyLabel, onBind, onEdit, onRename, onDelete }: ItemCardProps) {
  const t = useT();
  const titleId = useId();
  const type = typeNameOf(item);
  const keyword = itemKeyword(item);
  const bindable = needsKeyBinding(item.type);
  const summary = itemSummary(item);
  const label = item.name.trim() || t('adv.card.default.name', t(TYPE_LABEL[type]), itemShortName(item));
  const kind = 'sc_type' in item ? t(shortcutTypeLabel(item.sc_type)) : undefined;
  // An item that names its own key (libhmk) is bound by Bind, which moves it; the drag would put a code on keys.
  const place = bindable ? placeOf(item) : undefined;
  const draggable = bindable && place === undefined;
  const placeKey = place && (keyLabel?.(place.keyId) || `#${place.keyId}`);

  return (
    <article
      className={`adv-card adv-card--${type}`}
      aria-labelledby={titleId}
      data-keyword={keyword}
      draggable={draggable}
      onDragStart={(e) => {
        if (!draggable) return;
        e.dataTransfer.setData(KEYWORD_DRAG_TYPE, keyword);
        e.dataTransfer.setData('text/plain', keyword);
        e.dataTransfer.effectAllowed = 'copyLink';
      }}
    >
      <span className="adv-card__badge" aria-hidden="true">
        {BADGE_LETTERS[type]}
      </span>
      <div className="adv-card__body">
        <h3 className="adv-card__title" id={titleId}>
          {/* The spaces between the parts keep "Esc LCtrl" two words for screen readers; the flex gap draws them. */}
          <span className="sr-only">{tx(t, 'a11y.prefix', t(TYPE_LABEL[type]))}</span>{' '}
          {kind !== undefined && (
            <>
              <span className="adv-card__kind" data-kind={kind}>
                {kind}
              </span>{' '}
            </>
          )}
          {summary.length === 0 ? (
            <span className="adv-card__empty">{t('adv.card.no.keys')}</span>
          ) : (
            summary.map((name, i) => (
              <Fragment key={i}>
                {i > 0 && ' '}
                {name === ELLIPSIS && i === summary.length - 1 ? (
                  <span className="adv-card__more" title={t('adv.card.more')}>
                    {ELLIPSIS}
                  </span>
                ) : (
                  <kbd className="adv-card__key">{name || '?'}</kbd>
                )}
              </Fragment>
            ))
          )}
        </h3>
        <p className="adv-card__name">{label}</p>
        {place && placeKey !== undefined && (
          <p
            className="adv-card__name adv-card__place"
            data-key-id={place.keyId}
            title={t('adv.card.place.label', placeKey, place.layer + 1)}
          >
            {t('adv.card.place', placeKey, place.layer + 1)}
          </p>
        )}
      </div>
      <div className="adv-card__actions">
        {bindable && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => onBind(item)}
            aria-label={t('adv.card.bind.label', label)}
          >
            {t('adv.card.bind')}
          </button>
        )}
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="icon-button" aria-label={t('adv.card.menu', label)} data-card-menu={keyword}>
            <MoreIcon />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
              <DropdownMenu.Item className="menu__item" onSelect={() => onEdit(item)}>
                {t('adv.card.edit')}
              </DropdownMenu.Item>
              {canRename(item.type) && (
                <DropdownMenu.Item className="menu__item" onSelect={() => onRename(item)}>
                  {t('adv.card.rename')}
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className="menu__item adv-menu__danger" onSelect={() => onDelete(item)}>
                {t('adv.card.delete')}
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </div>
    </article>
  );
}
