/**
 * What the VIA screens share: the reason of a refused call in the reader's language (the service puts the reason's
 * text id first in err.args.invalid's arguments), a read of the keyboard with its loading and failure states, and a
 * labelled select.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { BridgeCallError } from '../../../contract/bridge';
import type { Translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceSpace } from '../../keycode-space';
import { useKeyValues } from '../key-code/use-key-values';
import '../../styles/via.css';

/**
 * What the VIA screens' drawings call each key: the legend of its code on the first layer ("Caps"), since a VIA
 * definition prints none; undefined until the keymap is read.
 */
export function useFirstLayerLegends(path: string): (keyId: number) => string | undefined {
  const { state } = useKeyValues(path);
  const { space } = useDeviceSpace(path);
  const first = state.status === 'ready' ? state.info.keycodes[0] : undefined;
  return useCallback(
    (keyId: number) => {
      const code = first?.[keyId];
      return code === undefined ? undefined : space.describe(code).name;
    },
    [first, space],
  );
}

/** The words of a refusal: its own reason where the service named one, else its toast text. */
export function refusalText(t: Translate, error: unknown): string {
  if (error instanceof BridgeCallError) {
    const [first, ...rest] = error.args;
    if (first?.startsWith('via.')) return t.dynamic(first, ...rest);
    return t.dynamic(error.toastKey, ...error.args);
  }
  return error instanceof Error ? error.message : String(error);
}

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; value: T };

/** Reads once when shown (and again on `reload`); `set` replaces the value with a call's answer. */
export function useViaRead<T>(read: () => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const readRef = useRef(read);
  readRef.current = read;
  const reload = useCallback(async () => {
    const result = await attempt(readRef.current());
    setState(result.ok ? { status: 'ready', value: result.value } : { status: 'failed', error: result.error });
  }, []);
  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  const set = useCallback((value: T) => setState({ status: 'ready', value }), []);
  return { state, reload, set };
}

/** The loading text or the failure with a retry, around what needs the value. */
export function ReadState<T>({
  state,
  reload,
  children,
}: {
  state: Loaded<T>;
  reload(): void;
  children(value: T): ReactNode;
}) {
  const t = useT();
  if (state.status === 'loading')
    return (
      <p className="via-muted" role="status">
        {t('via.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="via-problem" role="alert">
        <p>
          {t('via.readFailed')} {refusalText(t, state.error)}
        </p>
        <button type="button" className="button button--secondary button--small" onClick={reload}>
          {t('via.retry')}
        </button>
      </div>
    );
  return <>{children(state.value)}</>;
}

export function Select({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: number;
  options: readonly { value: number; label: string; group?: string }[];
  disabled?: boolean;
  onChange(value: number): void;
}) {
  const id = useId();
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const item = (o: { value: number; label: string }) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <div className="field via-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {groups.length > 1
          ? groups.map((g) => (
              <optgroup key={g} label={g}>
                {options.filter((o) => (o.group ?? '') === g).map(item)}
              </optgroup>
            ))
          : options.map(item)}
      </select>
    </div>
  );
}

/** A button that opens the file chooser for one JSON file (a definition), its input hidden from the tab order. */
export function JsonFileButton(props: {
  label: string;
  primary?: boolean;
  disabled: boolean;
  testId: string;
  onFiles(files: FileList | null): void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={`button ${props.primary ? 'button--primary' : 'button--secondary'}`}
        disabled={props.disabled}
        onClick={() => fileRef.current?.click()}
      >
        {props.label}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={props.testId}
        onChange={(e) => {
          props.onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </>
  );
}
