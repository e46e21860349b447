/**
 * The desktop window's own title bar (spec-1 §2): minimize, maximize/restore and close, on the right (on the left
 * on Mac, in Mac's close-first order), plus the drag behaviour of drag-region.ts. Only mounted when the host offers
 * window controls; the browser keeps its own chrome.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useT } from '../../i18n/store';
import type { Platform, WindowControls } from '../host-types';
import {
  CloseHoverIcon,
  CloseIcon,
  MaximizeHoverIcon,
  MaximizeIcon,
  MinimizeHoverIcon,
  MinimizeIcon,
  RestoreHoverIcon,
  RestoreIcon,
} from '../widgets/icons';
import { controlsSide, isInDragRegion } from './drag-region';

interface WindowButtonProps {
  label: string;
  icon: ComponentType<{ size?: number }>;
  hoverIcon: ComponentType<{ size?: number }>;
  kind: 'minimize' | 'maximize' | 'close';
  onPress(): void;
}

function WindowButton({ label, icon: Icon, hoverIcon: HoverIcon, kind, onPress }: WindowButtonProps) {
  const [hot, setHot] = useState(false);
  const Shown = hot ? HoverIcon : Icon;
  return (
    <button
      type="button"
      className={`titlebar__button titlebar__button--${kind}`}
      aria-label={label}
      title={label}
      data-hover={hot ? 'true' : undefined}
      onPointerEnter={() => setHot(true)}
      onPointerLeave={() => setHot(false)}
      onFocus={() => setHot(true)}
      onBlur={() => setHot(false)}
      onClick={onPress}
    >
      <Shown size={16} />
    </button>
  );
}

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, select, textarea, [role="button"]') !== null;
}

export function TitleBar({ controls, platform }: { controls: WindowControls; platform: Platform }) {
  const t = useT();
  const side = controlsSide(platform);
  const [maximized, setMaximized] = useState(() => controls.isMaximized());

  useEffect(() => {
    setMaximized(controls.isMaximized());
    return controls.onMaximizedChange(setMaximized);
  }, [controls]);

  useEffect(() => {
    // A press only arms the drag; the move that follows starts it, so a plain click stays a click.
    let armed = false;
    const inRegion = (e: MouseEvent) =>
      e.button === 0 && !isInteractive(e.target) && isInDragRegion(e.clientX, e.clientY, window.innerWidth, side);
    const onDown = (e: MouseEvent) => {
      armed = inRegion(e);
    };
    const onMove = (e: MouseEvent) => {
      if (!armed) return;
      armed = false;
      if ((e.buttons & 1) === 1) controls.startDrag();
    };
    const onUp = () => {
      armed = false;
    };
    const onDouble = (e: MouseEvent) => {
      if (inRegion(e)) controls.toggleMaximize();
    };
    window.addEventListener('mousedown', onDown);
    window.addEventListener('mousemove', onMove);
    window.addEventListener('mouseup', onUp);
    window.addEventListener('dblclick', onDouble);
    return () => {
      window.removeEventListener('mousedown', onDown);
      window.removeEventListener('mousemove', onMove);
      window.removeEventListener('mouseup', onUp);
      window.removeEventListener('dblclick', onDouble);
    };
  }, [controls, side]);

  const minimize = (
    <WindowButton
      key="min"
      kind="minimize"
      label={t('titlebar.minimize')}
      icon={MinimizeIcon}
      hoverIcon={MinimizeHoverIcon}
      onPress={() => controls.minimize()}
    />
  );
  const maximize = (
    <WindowButton
      key="max"
      kind="maximize"
      label={maximized ? t('titlebar.restore') : t('titlebar.maximize')}
      icon={maximized ? RestoreIcon : MaximizeIcon}
      hoverIcon={maximized ? RestoreHoverIcon : MaximizeHoverIcon}
      onPress={() => controls.toggleMaximize()}
    />
  );
  const close = (
    <WindowButton
      key="close"
      kind="close"
      label={t('titlebar.close')}
      icon={CloseIcon}
      hoverIcon={CloseHoverIcon}
      onPress={() => controls.close()}
    />
  );

  return (
    <div className={`titlebar titlebar--controls-${side}`} data-maximized={maximized ? 'true' : 'false'}>
      <div className="titlebar__controls" role="group" aria-label={t('titlebar.label')}>
        {side === 'left' ? [close, minimize, maximize] : [minimize, maximize, close]}
      </div>
      <div className="titlebar__title">{t('app.name')}</div>
    </div>
  );
}
