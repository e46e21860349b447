/**
 * The macro editor's key picker, in a labelled panel with its own close button. Esc closes the panel only: the
 * editor around it stays open with what it holds. The editor's dialog closes on an Esc it sees at the document, so
 * the panel takes the key at the window, before it gets there, and only while no other layer (the trigger dialog,
 * the discard question) sits above the editor.
 */
import { useEffect, useId, useRef } from 'react';
import { tx } from '../../../../../i18n/sections/keycode-extra';
import { useT } from '../../../../../i18n/store';
import { CloseIcon } from '../../../../widgets/icons';
import { CodePicker } from '../CodePicker';

export function MacroKeyPicker({
  onPick,
  onClose,
  escapeCloses,
}: {
  onPick(code: number): void;
  onClose(): void;
  /** False while another layer is open above the editor: its Esc is its own. */
  escapeCloses: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!escapeCloses) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const editor = ref.current?.closest('[role="dialog"]');
      if (!editor || !(e.target instanceof Node) || !editor.contains(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      close.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [escapeCloses]);

  return (
    <section ref={ref} className="adv-picker-panel macro-picker" aria-labelledby={titleId}>
      <div className="adv-picker-panel__head">
        <span id={titleId}>{tx(t, 'keycode.macro.picker.title')}</span>
        <button
          type="button"
          className="button button--ghost button--small macro-picker__close"
          aria-label={tx(t, 'keycode.macro.picker.close')}
          onClick={onClose}
        >
          <CloseIcon size={14} />
          {tx(t, 'keycode.macro.picker.close.short')}
        </button>
      </div>
      <CodePicker onPick={onPick} />
    </section>
  );
}
