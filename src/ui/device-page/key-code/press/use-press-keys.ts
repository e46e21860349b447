/**
 * Presses keys of a virtual keyboard (press_key) for the drawing's press mode: a press goes to the chosen depth, a
 * release to 0 mm. Calls go out one after another, so a release never overtakes its press.
 */
import { useMemo, useRef } from 'react';
import { tx } from '../../../../i18n/sections/keycode-extra';
import { useT } from '../../../../i18n/store';
import { attempt } from '../../../call';
import type { KeyPress } from '../../../keyboard/KeyboardDrawing';
import { useServices } from '../../../services';

export function usePressKeys(path: string, depth: number, enabled = true): KeyPress | undefined {
  const t = useT();
  const { client } = useServices();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const depthRef = useRef(depth);
  depthRef.current = depth;
  return useMemo(() => {
    if (!enabled) return undefined;
    const send = (keyId: number, mm: number) => {
      queue.current = queue.current.then(() => attempt(client.pressKey({ path, key_id: keyId, depth: mm })));
    };
    return {
      onPress: (keyId) => send(keyId, depthRef.current),
      onRelease: (keyId) => send(keyId, 0),
      keyName: (legend) => tx(t, 'keycode.press.key.name', legend),
    };
  }, [enabled, client, path, t]);
}
