/**
 * One device on the list: drawing by type, name, connection state, access-mode and battery badges (the battery where
 * the device has one), the red update dot, the manual link and a menu (remove). The whole card opens the device (the
 * name button stretches over it); the dot, the link and the menu sit above that layer as controls of their own. The card takes keyboard focus when the
 * device store asks for it (a device just added, or the one whose page just closed).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { DeviceRecord } from '../../contract/bridge';
import { ACCESS_MODE } from '../../core/models';
import { useT } from '../../i18n/store';
import { tx } from './extra-texts';
import { BatteryIcon, BluetoothIcon, BookIcon, UsbIcon, WirelessIcon } from '../widgets/icons';
import { Hint } from '../widgets/Hint';
import { useDeviceState, useServices } from '../services';
import { DeviceArt } from './device-art';
import { accessModeLabel, batteryPercent, batteryText, devTypeLabel } from './device-format';
import { manualUrl } from './manual-link';
import { MoreIcon } from './CardMenuIcon';
import { NeedUpdateDialog } from './NeedUpdateDialog';

// The card menu (Radix DropdownMenu and its positioning, ~13 kB gzipped) stays off the first screen's script.
const CardMenu = lazy(() => import('./CardMenu'));

export interface DeviceCardProps {
  device: DeviceRecord;
  /** Firmware version to update to, when an update is pending. */
  pendingUpdate: string | undefined;
  onOpen(): void;
  onOpenSettings(): void;
  /** Chosen from the card's menu; the list asks for a confirmation. */
  onRemove?(): void;
}

/** Moves keyboard focus to the card's open button when the store asks for this device, then clears the request. */
function useFocusRequest(path: string) {
  const { devices } = useServices();
  const wanted = useDeviceState((s) => s.focusPath === path);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!wanted || !button) return;
    button.focus();
    // A dialog still open keeps focus inside it; the request then waits for the dialog to close.
    if (document.activeElement === button) devices.getState().focusDevice(null);
  });
  return ref;
}

function AccessIcon({ mode }: { mode: number }) {
  if (mode === ACCESS_MODE.wireless24g) return <WirelessIcon size={14} />;
  if (mode === ACCESS_MODE.bluetooth) return <BluetoothIcon size={14} />;
  return <UsbIcon size={14} />;
}

export function DeviceCard({ device, pendingUpdate, onOpen, onOpenSettings, onRemove }: DeviceCardProps) {
  const t = useT();
  const openRef = useFocusRequest(device.path);
  const nameId = useId();
  const [updateOpen, setUpdateOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const online = device.online !== false;
  const access = accessModeLabel(device.access_mode);
  const battery = batteryPercent(device.electricity);

  return (
    <article className="device-card" data-online={online} data-path={device.path} aria-labelledby={nameId}>
      <div className="device-card__art">
        <DeviceArt devType={device.dev_type} width={180} />
      </div>
      <div className="device-card__body">
        <h3 className="device-card__name" id={nameId}>
          <button
            ref={openRef}
            type="button"
            className="device-card__open"
            onClick={onOpen}
            disabled={!online}
            data-device-open={device.path}
          >
            {device.display_name}
          </button>
        </h3>
        <p className="device-card__meta">
          <span className={`status-dot ${online ? 'status-dot--on' : ''}`} aria-hidden="true" />
          <span>{online ? t('device.state.online') : t('device.state.offline')}</span>
          <span aria-hidden="true">·</span>
          <span>{t(devTypeLabel(device.dev_type))}</span>
        </p>
        <ul className="badges">
          <li className="badge" data-badge="access">
            <AccessIcon mode={device.access_mode} />
            {access ? t(access) : device.access_text}
          </li>
          {device.features.settings.battery && (
            <li className="badge" data-badge="battery">
              <BatteryIcon percent={battery} size={16} />
              <span className="sr-only">{t('settings.info.battery')}: </span>
              {batteryText(device.electricity)}
            </li>
          )}
          <li className="badge badge--muted" data-badge="firmware">
            {t('device.firmware', device.fw_ver)}
          </li>
          {device.virtual && (
            <li className="badge badge--accent" data-badge="virtual">
              {t('device.virtual')}
            </li>
          )}
        </ul>
      </div>
      <div className="device-card__actions">
        {pendingUpdate !== undefined && (
          <Hint text={t('device.update.badge')}>
            <button
              type="button"
              className="red-dot-button"
              aria-label={t('device.update.available', device.display_name)}
              onClick={() => setUpdateOpen(true)}
            >
              <span className="red-dot" aria-hidden="true" />
            </button>
          </Hint>
        )}
        {device.features.manual && (
          <Hint text={t('device.manual')}>
            <a
              className="icon-button"
              href={manualUrl(device.display_name || device.name, device.fw_ver)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('device.manual.label', device.display_name)}
            >
              <BookIcon size={18} />
            </a>
          </Hint>
        )}
        {onRemove && (
          // The menu's code comes a moment after the list; its button is there from the first frame.
          <Suspense
            fallback={
              <button
                type="button"
                className="icon-button"
                aria-label={tx(t, 'devices.card.menu', device.display_name)}
                // Pressed before the menu's code is in: it opens as soon as it is.
                onClick={() => setMenuWanted(true)}
              >
                <MoreIcon />
              </button>
            }
          >
            <CardMenu
              path={device.path}
              label={tx(t, 'devices.card.menu', device.display_name)}
              removeLabel={tx(t, 'devices.remove')}
              onRemove={onRemove}
              openAtOnce={menuWanted}
            />
          </Suspense>
        )}
      </div>
      {pendingUpdate !== undefined && (
        <NeedUpdateDialog
          device={device}
          version={pendingUpdate}
          open={updateOpen}
          onOpenChange={setUpdateOpen}
          onOpenSettings={onOpenSettings}
        />
      )}
    </article>
  );
}
