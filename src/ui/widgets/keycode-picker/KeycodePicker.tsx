/**
 * The key-code picker (spec-1 §2): the category tabs of the device's own code space (ours, libhmk's, QMK's at the
 * keyboard's protocol version), named in the page's language, a search box across them, and a grid of key buttons.
 * The Key code tab and the advanced-key editors share it, so a code is always picked in the numbering the keyboard
 * stores it in.
 */
import { Tabs } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../../i18n/store';
import type { DeviceSpace } from '../../keycode-space';
import { KeyGrid } from './KeyGrid';
import { searchSpaceEntries, spaceEntries } from './picker-data';
import '../../styles/keymap.css';

export interface KeycodePickerProps {
  onPick(code: number): void;
  /** The device's code space: its categories become the tabs, its catalogue the buttons. */
  space: DeviceSpace;
  /** Smaller buttons, for dialogs. */
  compact?: boolean;
  /** Called with a category id when the user opens another tab (not for the tab the picker opens on). */
  onCategoryChange?(category: string): void;
}

export function KeycodePicker({ onPick, space, compact = false, onCategoryChange }: KeycodePickerProps) {
  const t = useT();
  const language = useLanguage();
  const entries = useMemo(() => spaceEntries(space), [space]);
  const categories = space.space.categories.filter((c) => (entries.get(c.id)?.length ?? 0) > 0);
  const [tab, setTab] = useState(categories[0]?.id ?? '');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const unit = compact ? 38 : 50;
  const searching = query.trim() !== '';
  const results = useMemo(() => (searching ? searchSpaceEntries(entries, query) : []), [searching, entries, query]);
  const name = (c: { en: string; zh: string }) => (language === 'zh_CN' ? c.zh : c.en);
  const active = categories.find((c) => c.id === tab) ?? categories[0];

  return (
    <section className={`picker ${compact ? 'picker--compact' : ''}`} aria-label={t('keymap.picker.label')}>
      <Tabs.Root
        value={active?.id ?? ''}
        onValueChange={(v) => {
          const next = categories.find((c) => c.id === v);
          if (!next) return;
          setTab(next.id);
          setQuery('');
          if (next.id !== active?.id) onCategoryChange?.(next.id);
        }}
        activationMode="manual"
      >
        <div className="picker__bar">
          <Tabs.List className="picker__tabs" aria-label={t('keymap.picker.categories')}>
            {categories.map((c) => (
              <Tabs.Trigger
                key={c.id}
                value={c.id}
                className="picker__tab"
                data-active-search={searching ? 'true' : undefined}
              >
                {name(c)}
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
          active && (
            <Tabs.Content value={active.id} className="picker__panel">
              <KeyGrid
                key={active.id}
                entries={entries.get(active.id) ?? []}
                unit={unit}
                label={name(active)}
                onPick={onPick}
              />
            </Tabs.Content>
          )
        )}
      </Tabs.Root>
    </section>
  );
}
