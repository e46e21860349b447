/**
 * Online update on the Device settings screen (spec-2 §2.6): what the update checker found for this keyboard, with the
 * red dot when a newer firmware exists, and the button that checks again and opens the update dialog (check, then
 * confirm, then download and flash).
 */
import { useId, useState, useSyncExternalStore } from 'react';
import type { DeviceRecord } from '../../../contract/bridge';
import { useT } from '../../../i18n/store';
import { useServices } from '../../services';
import { NEWER_TYPE } from '../../update-checker';
import { useSettingsTexts } from '../settings/settings-texts';
import { FirmwareDialog } from './FirmwareDialog';

export function OnlineUpdate({ device }: { device: DeviceRecord }) {
  const s = useSettingsTexts();
  const t = useT();
  const id = useId();
  const { updates } = useServices();
  const [open, setOpen] = useState(false);
  const outcome = useSyncExternalStore(updates.subscribe, () => updates.outcomeFor(device));
  const pending = outcome
    ? outcome.newer_type === NEWER_TYPE.available
      ? outcome.result.update_fw_ver
      : undefined
    : updates.pendingFor(device);

  return (
    <section className="panel firmware-online-panel" aria-labelledby={`${id}-title`}>
      <h2 className="panel__title" id={`${id}-title`}>
        {s('firmware.online.title')}
      </h2>
      <p className="settings-note">{s('firmware.online.hint')}</p>
      <div className="firmware-online">
        <p className="firmware-online__status" data-testid="online-update-status">
          {pending !== undefined ? (
            <>
              <span className="red-dot red-dot--inline" aria-hidden="true" data-testid="online-update-red-dot" />
              {s('firmware.online.available', pending || '--')}
            </>
          ) : outcome ? (
            s('firmware.online.latest')
          ) : updates.online ? (
            s('firmware.online.checking')
          ) : null}
        </p>
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          {t('fw.check')}
        </button>
      </div>
      {open && <FirmwareDialog device={device} source={{ kind: 'online' }} onClose={() => setOpen(false)} />}
    </section>
  );
}
