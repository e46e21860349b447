/**
 * What the theme panel offers for keyboards whose profiles the app opens while the keyboard switches its own (libhmk,
 * `features.profiles.editAny`): copying a profile onto another and putting one back to the firmware's defaults, each
 * after a dialog saying what is replaced, and following a profile switched on the keyboard itself. libhmk has no event
 * for that switch, so the profile is asked for at a low rate while the page is visible and when the window comes back.
 */
import { DropdownMenu } from 'radix-ui';
import { useEffect } from 'react';
import { useT } from '../../../i18n/store';
import { AppDialog } from '../../widgets/AppDialog';

/** How often the keyboard's own profile is asked for (one report each). */
export const PROFILE_POLL_MS = 2000;

/** Asks for the profiles now and then (and when the window is focused again) while `enabled`. */
export function useProfilePolling(enabled: boolean, ask: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    const timer = setInterval(() => {
      if (visible()) ask();
    }, PROFILE_POLL_MS);
    const onFocus = () => ask();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled, ask]);
}

export type ProfileAction = { kind: 'copy'; from: number; to: number } | { kind: 'reset'; profile: number };

/** The menu items of one profile: copy onto each other profile, reset. */
export function ProfileMenuItems({
  slot,
  count,
  copy,
  reset,
  onAction,
}: {
  slot: number;
  count: number;
  copy: boolean;
  reset: boolean;
  onAction(action: ProfileAction): void;
}) {
  const t = useT();
  const others = Array.from({ length: count }, (_, i) => i).filter((i) => i !== slot);
  return (
    <>
      {copy &&
        others.map((to) => (
          <DropdownMenu.Item
            key={to}
            className="menu__item theme-menu__item"
            onSelect={() => onAction({ kind: 'copy', from: slot, to })}
          >
            {t('profiles.copy.to', to + 1)}
          </DropdownMenu.Item>
        ))}
      {reset && (
        <DropdownMenu.Item
          className="menu__item theme-menu__item"
          onSelect={() => onAction({ kind: 'reset', profile: slot })}
        >
          {t('profiles.reset')}
        </DropdownMenu.Item>
      )}
    </>
  );
}

/** The dialog before a copy or reset: what is replaced, and nothing happens until OK. */
export function ProfileActionDialog({
  action,
  busy,
  onCancel,
  onConfirm,
  returnFocus,
}: {
  action: ProfileAction;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
  returnFocus(): HTMLElement | null | undefined;
}) {
  const t = useT();
  const copy = action.kind === 'copy';
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={
        copy
          ? t('profiles.copy.confirm.title', action.from + 1, action.to + 1)
          : t('profiles.reset.confirm.title', action.profile + 1)
      }
      description={
        copy
          ? t('profiles.copy.confirm.body', action.from + 1, action.to + 1)
          : t('profiles.reset.confirm.body', action.profile + 1)
      }
      returnFocus={returnFocus}
      footer={
        <>
          <button type="button" className="button button--ghost" disabled={busy} onClick={onCancel}>
            {t('profiles.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={onConfirm}>
            {copy ? t('profiles.copy.ok') : t('profiles.reset.ok')}
          </button>
        </>
      }
    />
  );
}
