/** Asks before an unsaved macro is dropped (Esc, Cancel or the close button of the editor with changes in it). */
import { AlertDialog } from 'radix-ui';
import { tx } from '../../../../../i18n/sections/keycode-extra';
import { useT } from '../../../../../i18n/store';

export function DiscardMacroDialog({ onKeep, onDiscard }: { onKeep(): void; onDiscard(): void }) {
  const t = useT();
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onKeep();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay macro-discard__overlay" />
        <AlertDialog.Content className="dialog macro-discard">
          <AlertDialog.Title className="dialog__title">{tx(t, 'keycode.macro.discard.title')}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {tx(t, 'keycode.macro.discard.text')}
          </AlertDialog.Description>
          <div className="dialog__footer">
            <AlertDialog.Cancel className="button button--primary">
              {tx(t, 'keycode.macro.discard.keep')}
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button adv-button--danger" onClick={onDiscard}>
              {tx(t, 'keycode.macro.discard.drop')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
