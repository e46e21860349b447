/** The rename dialog (limit style 2) and the delete confirmation of an advanced-key item. */
import { useId, useRef, useState } from 'react';
import type { AdvancedItem } from '../../../../core/advanced-keys';
import { TEXT_BYTE_LIMIT, limitText, utf8ByteLength } from '../../../../core/text-limit';
import { useT } from '../../../../i18n/store';
import { AppDialog } from '../../../widgets/AppDialog';
import { itemKeyword, itemShortName } from './keys';
import { TYPE_LABEL, typeNameOf } from './labels';

/**
 * Limit style 2 while typing: tags stripped and the text cut to 16 UTF-8 bytes as each character arrives. Spaces are
 * kept where they are typed, leading and trailing ones too: the spec only cuts a name that is over 16 bytes.
 */
export function limitWhileTyping(text: string): string {
  return limitText(text, 2);
}

/** The menu button of the card of `keyword` (ItemCard), where focus goes back when its dialog closes. */
function cardMenuButton(keyword: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-card-menu="${CSS.escape(keyword)}"]`);
}

export function RenameDialog({
  item,
  busy,
  onSave,
  onCancel,
}: {
  item: AdvancedItem;
  busy: boolean;
  onSave(name: string): void;
  onCancel(): void;
}) {
  const t = useT();
  const inputId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => limitText(item.name, 2));
  const finalName = limitText(text, 2);
  const submit = () => {
    if (!busy) onSave(finalName);
  };

  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('adv.rename.title')}
      dataAttributes={{ 'data-dialog': 'rename' }}
      initialFocus={field}
      returnFocus={() => cardMenuButton(itemKeyword(item))}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={submit} disabled={busy}>
            {t('common.ok')}
          </button>
        </>
      }
    >
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId}>{t('adv.rename.label')}</label>
        <input
          ref={field}
          id={inputId}
          className="input"
          value={text}
          autoComplete="off"
          placeholder={t('adv.card.default.name', t(TYPE_LABEL[typeNameOf(item)]), itemShortName(item))}
          onChange={(e) => setText(limitWhileTyping(e.target.value))}
          aria-describedby={`${inputId}-count`}
        />
        <span className="adv-field__hint" id={`${inputId}-count`}>
          {t('adv.rename.bytes', utf8ByteLength(finalName), TEXT_BYTE_LIMIT)}
        </span>
      </form>
    </AppDialog>
  );
}

export function DeleteDialog({
  item,
  busy,
  onConfirm,
  onCancel,
}: {
  item: AdvancedItem;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const t = useT();
  const type = typeNameOf(item);
  const label = item.name.trim() || t('adv.card.default.name', t(TYPE_LABEL[type]), itemShortName(item));
  return (
    <AppDialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t('adv.delete.title')}
      description={t('adv.delete.text', label)}
      dataAttributes={{ 'data-dialog': 'delete' }}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button adv-button--danger" onClick={onConfirm} disabled={busy}>
            {t('adv.delete.confirm')}
          </button>
        </>
      }
    />
  );
}
