/**
 * Device settings, first part: the device information list, read with `dev_info get_setting_data` (spec-2 §2.6).
 * Until the answer arrives (or if the call is refused) the device record's own values are shown; the answer's battery
 * and connection are read fresh from the device, so they win over the record's.
 */
import { useEffect, useState } from 'react';
import type { DeviceRecord } from '../../../contract/bridge';
import type { CallAnswer } from '../../../contract/contract';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { accessModeLabel, batteryText } from '../../device-list/device-format';
import { DeviceArt } from '../../device-list/device-art';
import { useServices } from '../../services';

type SettingData = CallAnswer<'getSettingData'>;

/** The text, or undefined when it is empty. */
function text(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

export function DeviceSettingsTab({ device, pendingUpdate }: { device: DeviceRecord; pendingUpdate?: string }) {
  const t = useT();
  const { client } = useServices();
  const [data, setData] = useState<SettingData | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void attempt(client.getSettingData({ path: device.path })).then((result) => {
      if (live && result.ok) setData(result.value);
    });
    return () => {
      live = false;
    };
  }, [client, device.path]);

  // The settings answer reads the battery and the link fresh from the device; the record is from the last event.
  const accessMode = data?.access_mode ?? device.access_mode;
  const access = accessModeLabel(accessMode);
  const unknown = t('settings.info.unknown');
  const rows: [string, string][] = [
    [t('settings.info.name'), device.display_name],
    [t('settings.info.firmware'), text(data?.fw_ver) ?? (text(device.fw_ver) || unknown)],
    [t('settings.info.hardware'), text(data?.hw_ver) ?? (text(device.hw_ver) || unknown)],
    [t('settings.info.release'), text(data?.release_date) ?? unknown],
    [t('settings.info.serial'), text(device.dev_sn) ?? unknown],
    [t('settings.info.connection'), access ? t(access) : device.access_text || unknown],
    [t('settings.info.battery'), batteryText(data?.battery ?? device.electricity)],
  ];

  return (
    <section className="panel device-info" aria-labelledby="device-info-title">
      <div className="device-info__art">
        <DeviceArt devType={device.dev_type} width={220} />
      </div>
      <div className="device-info__body">
        <h2 className="panel__title" id="device-info-title">
          {t('settings.info.title')}
        </h2>
        <dl className="info-list">
          {rows.map(([label, value]) => (
            <div className="info-list__row" key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {pendingUpdate !== undefined && (
          <p className="device-info__update">
            <span className="red-dot red-dot--inline" aria-hidden="true" />
            {t('settings.update.pending', pendingUpdate || '--')}
          </p>
        )}
      </div>
    </section>
  );
}
