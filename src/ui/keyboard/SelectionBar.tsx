/** Select all, Reverse and Unselect (spec-1 §2), shown where the mode allows selecting many keys. */
import { useT } from '../../i18n/store';

export function SelectionBar({
  selectedCount,
  keyCount,
  onSelectAll,
  onReverse,
  onUnselect,
}: {
  selectedCount: number;
  keyCount: number;
  onSelectAll(): void;
  onReverse(): void;
  onUnselect(): void;
}) {
  const t = useT();
  return (
    <div className="kb-selection" role="toolbar" aria-label={t('keymap.select.toolbar')}>
      <button type="button" className="button button--secondary button--small" onClick={onSelectAll}>
        {t('keymap.select.all')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={onReverse}>
        {t('keymap.select.reverse')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={onUnselect}
        disabled={selectedCount === 0}
      >
        {t('keymap.select.none')}
      </button>
      <span className="kb-selection__count" aria-live="polite">
        {t('keymap.select.count', selectedCount, keyCount)}
      </span>
    </div>
  );
}
