/**
 * Pairing of a wireless device's radio (spec-2 §3 catalogue: unpaired, pairing, paired; Pair, Re-pair): "Pair" when
 * unpaired, "Re-pair" when paired, and while pairing the same button stays in place, unavailable and busy, so that a
 * keyboard user keeps their focus on it. The hint below says how to re-pair on the keyboard itself. The state comes
 * with the setting data, which the device's own status notifications keep current: the button follows without
 * polling.
 */
import { useId, useRef } from 'react';
import type { PairState } from '../../../contract/payloads/settings';
import { useT } from '../../../i18n/store';
import './pairing.css';

export function PairingControl({
  state,
  busy,
  pair,
}: {
  state: PairState;
  /** A pair request is on its way. */
  busy: boolean;
  /** Starts pairing; resolves once the device answered (or the call failed). */
  pair(): Promise<void>;
}) {
  const t = useT();
  const hintId = useId();
  // While pairing, the button keeps the name it had: Pair from unpaired, Re-pair from paired.
  const settled = useRef<PairState>(state === 1 ? 2 : state);
  if (state !== 1) settled.current = state;
  const pairing = busy || state === 1;
  const label = t(settled.current === 0 ? 'pair.pair' : 'pair.repair');

  return (
    <div className="pairing" role="group" aria-label={t('dev.pair.status')}>
      <button
        type="button"
        className="button button--secondary pairing__button"
        aria-describedby={hintId}
        aria-disabled={pairing || undefined}
        aria-busy={pairing || undefined}
        onClick={() => {
          if (!pairing) void pair();
        }}
      >
        {pairing && <span className="spinner spinner--small" aria-hidden="true" />}
        {label}
      </button>
      <p className="settings-note pairing__hint" id={hintId}>
        {t('pair.repair.hint')}
      </p>
    </div>
  );
}
