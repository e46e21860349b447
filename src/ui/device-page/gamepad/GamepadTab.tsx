/**
 * The gamepad screen of a keyboard that has one (libhmk): keys to gamepad buttons, the analog curve and the
 * gamepad's flags. Every change goes to the keyboard, which reads it back; the screen then shows what the keyboard
 * answered, so a change that did not take is never shown as made.
 */
import '../family-texts';
import { useCallback, useEffect, useState } from 'react';
import type { LibhmkGamepad } from '../../../contract/areas/libhmk';
import type { MessageId } from '../../../i18n/en_US';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { useDeviceSpace } from '../../keycode-space';
import { useServices } from '../../services';
import { OnOff } from '../../widgets/OnOff';
import { CurveEditor } from './CurveEditor';
import type { CurvePoint } from './curve';
import { GamepadButtons } from './GamepadButtons';
import '../../styles/libhmk.css';

type Change = { buttons?: number[]; curve?: CurvePoint[]; flags?: Record<string, boolean> };

/** The flags libhmk has, in the order the screen lists them; a flag the keyboard reports but this list lacks is shown last. */
const FLAG_ORDER = ['keyboardEnabled', 'gamepadOverride', 'squareJoystick', 'snappyJoystick'];

function flagText(name: string, suffix = ''): MessageId {
  return `libhmk.gamepad.${name}${suffix}` as MessageId;
}

export default function GamepadTab({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const record = useDeviceRecord(path);
  const { space } = useDeviceSpace(path);
  const [gamepad, setGamepad] = useState<LibhmkGamepad | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const load = useCallback(async () => {
    setState('loading');
    const result = await attempt(client.libhmkGetGamepad({ path }));
    if (result.ok) setGamepad(result.value);
    setState(result.ok ? 'ready' : 'failed');
  }, [client, path]);
  useEffect(() => {
    void load();
  }, [load]);

  const write = async (change: Change) => {
    setBusy(true);
    setSaved(false);
    const result = await attempt(client.libhmkSetGamepad({ path, ...change }));
    if (result.ok) {
      setGamepad(result.value);
      setSaved(true);
    } else {
      // A refused or partly taken change: show what the keyboard holds now.
      const now = await attempt(client.libhmkGetGamepad({ path }));
      if (now.ok) setGamepad(now.value);
    }
    setBusy(false);
  };

  if (state !== 'ready' || !gamepad) {
    return (
      <div className="gamepad-screen" aria-busy={state === 'loading'}>
        {state === 'loading' ? (
          <p className="gamepad-note" role="status">
            {t('libhmk.gamepad.loading')}
          </p>
        ) : (
          <div className="gamepad-failed" role="alert">
            <p>{t('libhmk.gamepad.failed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void load()}>
              {t('libhmk.gamepad.retry')}
            </button>
          </div>
        )}
      </div>
    );
  }

  const travelMm = record?.features.performance?.travelMm ?? 4;
  const stepMm = record?.features.performance?.stepMm ?? 0.02;
  const flags = Object.keys(gamepad.flags).sort(
    (a, b) => (FLAG_ORDER.indexOf(a) + 1 || 99) - (FLAG_ORDER.indexOf(b) + 1 || 99),
  );
  const assign = (keyIds: readonly number[], code: number) => {
    // Buttons go per key from key 0: send up to the last key changed.
    const last = Math.max(...keyIds);
    const buttons = Array.from({ length: last + 1 }, (_, k) => (keyIds.includes(k) ? code : (gamepad.buttons[k] ?? 0)));
    void write({ buttons });
  };

  return (
    <div className="gamepad-screen" aria-busy={busy}>
      <GamepadButtons
        layout={record?.layout ?? null}
        space={space}
        buttons={gamepad.buttons}
        choices={gamepad.choices}
        busy={busy}
        onAssign={assign}
      />
      <div className="gamepad-screen__row">
        <CurveEditor
          key={JSON.stringify(gamepad.curve)}
          curve={gamepad.curve}
          travelMm={travelMm}
          stepMm={stepMm}
          busy={busy}
          onApply={(curve) => void write({ curve })}
          onEdit={() => setSaved(false)}
        />
        <section className="panel gamepad-flags" aria-labelledby="gamepad-flags-title">
          <h2 className="panel__title" id="gamepad-flags-title">
            {t('libhmk.gamepad.flags.title')}
          </h2>
          {flags.map((name) => (
            <div className="gamepad-flag" key={name}>
              <OnOff
                label={t(flagText(name))}
                checked={gamepad.flags[name] === true}
                disabled={busy}
                onChange={(on) => void write({ flags: { [name]: on } })}
              />
              <p className="gamepad-note">{t(flagText(name, '.desc'))}</p>
            </div>
          ))}
        </section>
      </div>
      <p className="gamepad-saved" role="status" aria-live="polite">
        {saved ? t('libhmk.gamepad.saved') : ''}
      </p>
    </div>
  );
}
