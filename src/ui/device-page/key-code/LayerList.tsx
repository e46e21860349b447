/**
 * The side list of layers (matrices, spec-1 §2): one button per layer, and per layer a reset icon that asks before
 * putting the layer back to its factory codes.
 */
import { useState } from 'react';
import { useT } from '../../../i18n/store';
import { AppDialog } from '../../widgets/AppDialog';

function ResetIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 12a8 8 0 1 0 2.6-5.9" />
      <path d="M4 4v4.5h4.5" />
    </svg>
  );
}

export function LayerList({
  count,
  current,
  busy = false,
  onSwitch,
  onReset,
}: {
  count: number;
  current: number;
  busy?: boolean;
  onSwitch(layer: number): void;
  /** Resolves when the device answered; the dialog closes either way (a refusal has its own toast). */
  onReset(layer: number): Promise<unknown>;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState<number | undefined>(undefined);
  const [resetting, setResetting] = useState(false);

  return (
    <nav className="layers" aria-label={t('keymap.layers.label')}>
      <h3 className="layers__title">{t('keymap.layers.label')}</h3>
      <ul className="layers__list">
        {Array.from({ length: count }, (_, layer) => (
          <li key={layer} className="layers__item" data-current={layer === current ? 'true' : undefined}>
            <button
              type="button"
              className="layers__button"
              aria-pressed={layer === current}
              disabled={busy}
              onClick={() => {
                if (layer !== current) onSwitch(layer);
              }}
            >
              {t('keymap.layer.name', layer + 1)}
            </button>
            <button
              type="button"
              className="icon-button layers__reset"
              aria-label={t('keymap.layer.reset', layer + 1)}
              title={t('keymap.layer.reset', layer + 1)}
              disabled={busy}
              onClick={() => setConfirming(layer)}
            >
              <ResetIcon />
            </button>
          </li>
        ))}
      </ul>
      <AppDialog
        open={confirming !== undefined}
        onOpenChange={(open) => {
          if (!open && !resetting) setConfirming(undefined);
        }}
        title={t('keymap.layer.reset.title', (confirming ?? 0) + 1)}
        description={t('keymap.layer.reset.text', (confirming ?? 0) + 1)}
        dataAttributes={{ 'data-dialog': 'reset-layer' }}
        footer={
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={resetting}
              onClick={() => setConfirming(undefined)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={resetting}
              onClick={() => {
                if (confirming === undefined) return;
                setResetting(true);
                void onReset(confirming).finally(() => {
                  setResetting(false);
                  setConfirming(undefined);
                });
              }}
            >
              {t('common.ok')}
            </button>
          </>
        }
      />
    </nav>
  );
}
