/**
 * Chooses one physical key of the keyboard from a list of its keys in board order. Keys another choice already holds
 * are listed but cannot be chosen. A stored key id this keyboard does not have is shown as such, not hidden.
 */
import '../texts';
import { useId } from 'react';
import { useT } from '../../../../../i18n/store';
import type { PhysicalKey } from '../keys';

export function KeyChooser({
  label,
  keys,
  value,
  unavailable = [],
  unavailableNote,
  onChange,
}: {
  label: string;
  keys: readonly PhysicalKey[];
  value: number;
  unavailable?: readonly number[];
  unavailableNote?: string;
  onChange(keyId: number): void;
}) {
  const t = useT();
  const id = useId();
  const known = value < 0 || keys.some((k) => k.id === value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input tap-select"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        <option value="-1">{t('adv.tap.none')}</option>
        {!known && <option value={String(value)}>{t('adv.tap.unknown', value)}</option>}
        {keys.map((k) => {
          const taken = k.id !== value && unavailable.includes(k.id);
          return (
            <option key={k.id} value={String(k.id)} disabled={taken}>
              {taken && unavailableNote ? `${k.label} (${unavailableNote})` : k.label}
            </option>
          );
        })}
      </select>
    </div>
  );
}
