/**
 * The keys of a virtual keyboard to press, inside a dialog that covers the Key code tab's drawing (the macro editor's
 * recording area): the depth control and the drawing in press mode.
 */
import { useState } from 'react';
import type { DeviceLayout } from '../../../../core/device-features';
import { KeyboardDrawing } from '../../../keyboard/KeyboardDrawing';
import { useDeviceSpace } from '../../../keycode-space';
import { PRESS_DEPTH, PressPanel } from './PressPanel';
import { usePressKeys } from './use-press-keys';

export function VirtualKeyPad({ path, layout }: { path: string; layout: DeviceLayout | null }) {
  const [depth, setDepth] = useState<number>(PRESS_DEPTH.default);
  const press = usePressKeys(path, depth);
  const { space } = useDeviceSpace(path);
  return (
    <div className="virtual-pad">
      <PressPanel depth={depth} onDepth={setDepth} />
      <KeyboardDrawing layout={layout} space={space} mode="key_code" press={press} />
    </div>
  );
}
