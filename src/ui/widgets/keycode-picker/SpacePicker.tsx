/**
 * The key-code picker of a device of another family (libhmk, VIA): the categories and codes of its own code space,
 * named in the page's language, with the same search box and key grid as our protocol's picker.
 */
import { Tabs } from 'radix-ui';
import { useId, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../../i18n/store';
import type { DeviceSpace } from '../../keycode-space';
import { KeyGrid } from './KeyGrid';
import { searchSpaceEntries, spaceEntries } from './picker-data';

export function SpacePicker({
  onPick,
  compact,
  space,
}: {
  onPick(code: number): void;
  compact: boolean;
  space: DeviceSpace;
}) {
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
      <Tabs.Root value={active?.id ?? ''} onValueChange={(v) => (setTab(v), setQuery(''))} activationMode="manual">
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
