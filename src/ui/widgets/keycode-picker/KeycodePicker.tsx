/**
 * The key-code picker (spec-1 §2): the category tabs of the device's own code space (ours, libhmk's, QMK's at the
 * keyboard's protocol version), named in the page's language, a search box across them, and a grid of key buttons.
 * The Key code tab and the advanced-key editors share it, so a code is always picked in the numbering the keyboard
 * stores it in.
 *
 * Codes that wrap a key (QMK's LT(1, kc), LCTL(kc), MT(Ctrl, kc)) take two picks: the wrapper, then the key, with a
 * line saying what is pending (Esc or Cancel drops it). The Any key takes a typed code: a number, or a name in the
 * space's own notation; the search box also finds a typed name.
 */
import { Tabs } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLanguage, useT } from '../../../i18n/store';
import type { DeviceSpace } from '../../keycode-space';
import { KeyGrid } from './KeyGrid';
import { searchSpaceEntries, spaceEntries, typedCode, typedEntry, type PickerEntry } from './picker-data';
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
  const [pending, setPending] = useState<PickerEntry | undefined>();
  const section = useRef<HTMLElement>(null);
  // After a wrapper is picked, the keys it can wrap take the focus, so the second pick works by keyboard too.
  useEffect(() => {
    if (pending) section.current?.querySelector<HTMLButtonElement>('.picker-grid button[tabindex="0"]')?.focus();
  }, [pending]);
  const byCode = useMemo(() => new Map([...entries.values()].flat().map((p) => [p.entry.code, p])), [entries]);
  const [anyOpen, setAnyOpen] = useState(false);
  const [anyText, setAnyText] = useState('');
  const [anyError, setAnyError] = useState(false);
  const anyId = useId();
  const anyCode = typedCode(space, anyText);
  const searchTyped = useMemo(() => {
    const code = searching ? typedCode(space, query, false) : undefined;
    return code === undefined || results.some((p) => p.entry.code === code) ? undefined : typedEntry(space, code);
  }, [searching, space, query, results]);
  const shownResults = searchTyped ? [searchTyped, ...results] : results;

  const pick = (code: number) => {
    const chosen = byCode.get(code);
    if (chosen?.compose) {
      setPending(chosen);
      setQuery('');
      if (categories[0]) setTab(categories[0].id);
      return;
    }
    setPending(undefined);
    onPick(pending && code <= 0xff ? pending.entry.code | code : code);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !pending) return;
    e.stopPropagation();
    e.preventDefault();
    setPending(undefined);
  };
  const assignTyped = (e: FormEvent) => {
    e.preventDefault();
    if (anyCode === undefined) {
      setAnyError(true);
      return;
    }
    setAnyError(false);
    setAnyText('');
    setAnyOpen(false);
    pick(anyCode);
  };
  const anyPreview = anyCode === undefined ? undefined : space.space.describe(anyCode, space.options);
  const example = space.space.parseExample ?? '0x04';

  return (
    <section
      ref={section}
      className={`picker ${compact ? 'picker--compact' : ''}`}
      aria-label={t('keymap.picker.label')}
      onKeyDown={onKeyDown}
    >
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
          <div className="picker__tools">
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
            <button
              type="button"
              className="button button--secondary picker__any"
              aria-label={t('keymap.picker.any.label')}
              aria-expanded={anyOpen}
              aria-controls={anyOpen ? anyId : undefined}
              onClick={() => {
                setAnyOpen(!anyOpen);
                setAnyError(false);
              }}
            >
              {t('keymap.picker.any')}
            </button>
          </div>
        </div>
        {anyOpen && (
          <form
            id={anyId}
            className="picker__any-form"
            onSubmit={assignTyped}
            aria-label={t('keymap.picker.any.label')}
          >
            <label htmlFor={`${anyId}-input`}>{t('keymap.picker.any.input')}</label>
            <input
              id={`${anyId}-input`}
              className="input picker__any-input"
              value={anyText}
              autoFocus
              spellCheck={false}
              autoComplete="off"
              placeholder={t('keymap.picker.any.placeholder', example)}
              aria-invalid={anyError || undefined}
              aria-describedby={`${anyId}-status`}
              onChange={(e) => {
                setAnyText(e.target.value);
                setAnyError(false);
              }}
            />
            <button type="submit" className="button button--primary">
              {t('keymap.picker.any.assign')}
            </button>
            <p id={`${anyId}-status`} className="picker__any-status" role={anyError ? 'alert' : 'status'}>
              {anyError
                ? t('keymap.picker.any.invalid', anyText.trim(), example, space.space.size - 1)
                : anyPreview
                  ? t(
                      'keymap.picker.any.names',
                      anyPreview.name,
                      language === 'zh_CN' ? anyPreview.alias_zh : anyPreview.alias,
                    ) + (anyPreview.tip ? ` · ${anyPreview.tip}` : '')
                  : ''}
            </p>
          </form>
        )}
        {pending && (
          <p className="picker__compose" role="status">
            <span>{t('keymap.picker.compose', pending.entry.name)}</span>
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('keymap.picker.compose.cancel.label', pending.entry.name)}
              onClick={() => setPending(undefined)}
            >
              {t('keymap.picker.compose.cancel')}
            </button>
          </p>
        )}
        {searching ? (
          <div className="picker__panel">
            <p className="picker__count" role="status">
              {shownResults.length > 0
                ? t('keymap.picker.results', shownResults.length)
                : t('keymap.picker.no.results', query.trim())}
            </p>
            {shownResults.length > 0 && (
              <KeyGrid entries={shownResults} unit={unit} label={t('keymap.picker.search')} onPick={pick} />
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
                onPick={pick}
              />
            </Tabs.Content>
          )
        )}
      </Tabs.Root>
    </section>
  );
}
