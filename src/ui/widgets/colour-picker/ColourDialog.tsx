/**
 * The custom colour dialog of the per-key light tab (spec-1 §2): the colour picker with OK and Cancel. OK hands back
 * the colour and is refused while a field holds text that breaks the rules; Cancel, Escape and the close button
 * leave everything as it was. Enter in a field is OK.
 */
import { useId, useState } from 'react';
import { formatHexColour, parseHexColour } from '../../../core/rules/colour';
import { useT } from '../../../i18n/store';
import { AppDialog } from '../AppDialog';
import { ColourPicker } from './ColourPicker';
import { useColourTexts } from './colour-texts';
import { hsvaToRgba, rgbaToHsva, type Hsva, type Rgba } from './colour-convert';

export interface ChosenColour {
  rgba: Rgba;
  /** "#rrggbb", or "#rrggbbaa" when alpha is below 1. */
  hex: string;
}

export interface ColourDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The colour the dialog starts from: RGBA or hex text. An unreadable hex starts from white. */
  initial: Rgba | string;
  alpha?: boolean;
  onConfirm(colour: ChosenColour): void;
  title?: string;
}

function startColour(initial: Rgba | string): Hsva {
  if (typeof initial !== 'string') return rgbaToHsva(initial);
  const parsed = parseHexColour(initial);
  return rgbaToHsva(parsed.ok ? parsed.value : { r: 255, g: 255, b: 255, a: 1 });
}

export function ColourDialog({ open, onOpenChange, initial, alpha = true, onConfirm, title }: ColourDialogProps) {
  const t = useColourTexts();
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title ?? t('widgets.colour.title')}
      className="colour-dialog"
      dataAttributes={{ 'data-dialog': 'custom-colour' }}
    >
      {/* Mounted only while open, so each opening starts again from `initial`. */}
      {open && (
        <ColourDialogBody
          initial={initial}
          alpha={alpha}
          onCancel={() => onOpenChange(false)}
          onConfirm={(colour) => {
            onConfirm(colour);
            onOpenChange(false);
          }}
        />
      )}
    </AppDialog>
  );
}

function ColourDialogBody({
  initial,
  alpha,
  onCancel,
  onConfirm,
}: {
  initial: Rgba | string;
  alpha: boolean;
  onCancel(): void;
  onConfirm(colour: ChosenColour): void;
}) {
  const t = useT();
  const formId = useId();
  const [colour, setColour] = useState<Hsva>(() => {
    const start = startColour(initial);
    return alpha ? start : { ...start, a: 1 };
  });
  const [valid, setValid] = useState(true);

  const confirm = () => {
    if (!valid) return;
    const rgba = hsvaToRgba(colour);
    onConfirm({ rgba, hex: formatHexColour(rgba) });
  };

  return (
    <>
      <form
        id={formId}
        className="colour-dialog__form"
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <ColourPicker value={colour} onChange={setColour} alpha={alpha} onValidityChange={setValid} />
      </form>
      <div className="dialog__footer">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" form={formId} className="button button--primary" disabled={!valid}>
          {t('common.ok')}
        </button>
      </div>
    </>
  );
}
