/** Covers the device page while the service reports show_loading non-zero; toasts of type 1 and 2 lower it. */
import { useT } from '../../i18n/store';
import { useLoadingStore } from '../loading-store';

export function LoadingOverlay() {
  const t = useT();
  const visible = useLoadingStore((s) => s.visible);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="loading-overlay__label">{t('loading.label')}</span>
    </div>
  );
}
