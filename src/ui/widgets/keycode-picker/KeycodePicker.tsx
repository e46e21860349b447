/**
 * The key-code picker (spec-1 §2): category tabs filled from the common-layers resource, a search box across the
 * offered tabs, and a grid of key buttons. The Key code tab and the advanced-key editors share it.
 */
import { Tabs } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useT } from '../../../i18n/store';
import { useServices } from '../../services';
import { KeyGrid } from './KeyGrid';
import type { DeviceSpace } from '../../keycode-space';
import { categoryEntries, PICKER_CATEGORIES, searchEntries, type PickerCategory } from './picker-data';
import { SpacePicker } from './SpacePicker';
import '../../styles/keymap.css';

export { PICKER_CATEGORIES, type PickerCategory } from './picker-data';

export interface KeycodePickerProps {
  onPick(code: number): void;
  /** Tabs to offer, in this order; default all six. */
  categories?: readonly PickerCategory[];
  /** Smaller buttons, for dialogs. */
  compact?: boolean;
  /** Called when the user opens another category tab (not for the tab the picker opens on). */
  onCategoryChange?(category: PickerCategory): void;
  /** A device of another family: its own code space's categories and codes instead of our protocol's. */
  space?: DeviceSpace;
}

export function KeycodePicker({
  onPick,
  categories = PICKER_CATEGORIES,
  compact = false,
  onCategoryChange,
  space,
}: KeycodePickerProps) {
  if (space) return <SpacePicker onPick={onPick} compact={compact} space={space} />;
  return (
    <ProtocolPicker onPick={onPick} categories={categories} compact={compact} onCategoryChange={onCategoryChange} />
  );
}

function ProtocolPicker({
  onPick,
  categories = PICKER_CATEGORIES,
  compact = false,
  onCategoryChange,
}: Omit<KeycodePickerProps, 'space'>) {
  const t = useT();
  const { resources } = useServices();
  const offered = categories.length > 0 ? categories : PICKER_CATEGORIES;
  const [tab, setTab] = useState<PickerCategory>(offered[0]!);
  const active = offered.includes(tab) ? tab : offered[0]!;
  const [query, setQuery] = useState('');
  const searchId = useId();
  const unit = compact ? 38 : 50;
  const searching = query.trim() !== '';

  const results = useMemo(
    () => (searching ? searchEntries(resources.common, offered, query) : []),
    [searching, resources.common, offered, query],
  );

  return (
    <section className={`picker ${compact ? 'picker--compact' : ''}`} aria-label={t('keymap.picker.label')}>
      <Tabs.Root
        value={active}
        onValueChange={(v) => {
          const next = offered.find((c) => c === v);
          if (next) {
            setTab(next);
            setQuery('');
            if (next !== active) onCategoryChange?.(next);
          }
        }}
        activationMode="manual"
      >
        <div className="picker__bar">
          <Tabs.List className="picker__tabs" aria-label={t('keymap.picker.categories')}>
            {offered.map((c) => (
              <Tabs.Trigger
                key={c}
                value={c}
                className="picker__tab"
                data-active-search={searching ? 'true' : undefined}
              >
                {t(`keymap.picker.tab.${c}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <label className="sr-only" htmlFor={searchId}>
            {t('keymap.picker.search')}
          </label>
          <input
            id={searchId}
            className="input picker__search"
            type="search"
            value={query}
            placeholder={t('keymap.picker.search.placeholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {searching ? (
          <div className="picker__panel">
            <p className="picker__count" role="status">
              {results.length > 0
                ? t('keymap.picker.results', results.length)
                : t('keymap.picker.no.results', query.trim())}
            </p>
            {results.length > 0 && (
              <KeyGrid entries={results} unit={unit} label={t('keymap.picker.search')} onPick={onPick} />
            )}
          </div>
        ) : (
          <Tabs.Content value={active} className="picker__panel">
            <KeyGrid
              key={active}
              entries={categoryEntries(resources.common, active)}
              unit={unit}
              label={t(`keymap.picker.tab.${active}`)}
              onPick={onPick}
            />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </section>
  );
}
