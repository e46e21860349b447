/**
 * The Device settings screen (spec-2 §2.6): the device information read with `get_setting_data`, the connection
 * settings (USB: N-key rollover, automatic calibration, sleep with its 1-60 minute slider; 2.4G and Bluetooth have
 * nothing to set), the online and the local firmware update and factory reset with a confirm dialog. Each part shows
 * only where the device's features have it (`features.settings`, `firmwareUpdate`, `factoryReset`): a keyboard of
 * another family has no connection section, battery or update panels, and its reset says what it puts back. Until
 * the settings answer arrives (or if the call is refused) the device record's own values are shown; the answer's
 * battery and connection are read fresh from the device, so they win over the record's. N-key and sleep are enabled
 * only when the firmware is above the model's threshold (the service reports it as n_key_supported and
 * sleep_supported); so is the keyboard mode (kb_mode_supported), a choice of report rate and per-key light together
 * (KeyboardMode.tsx). The per-key light comes with the settings calls' answers and follows the lighting area's
 * get_key_color_info events. A wireless device also shows its pairing status and, in the connection settings, Pair
 * or Re-pair (Pairing.tsx); the status follows the get_setting_data events the device's own status changes bring.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DeviceRecord } from '../../../contract/bridge';
import type { ConnectionMode, DeviceFeatures, SettingsFeatures } from '../../../core/device-features';
import type { CallAnswer } from '../../../contract/contract';
import type { BatteryInfo, KeyboardMode, PairState } from '../../../contract/payloads/settings';
import { ACCESS_MODE } from '../../../core/models';
import { clampSleepTime, SLEEP_MINUTES } from '../../../core/rules/settings';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { accessModeLabel, batteryText } from '../../device-list/device-format';
import { DeviceArt } from '../../device-list/device-art';
import { useLoadingStore } from '../../loading-store';
import { useServices } from '../../services';
import { useToastStore } from '../../toasts/store';
import { AppDialog } from '../../widgets/AppDialog';
import { Slider } from '../../widgets/slider/Slider';
import { LocalUpdate } from '../firmware/LocalUpdate';
import { OnlineUpdate } from '../firmware/OnlineUpdate';
import { OnOff } from '../../widgets/OnOff';
import { KeyboardModeChoice } from './KeyboardMode';
import { PairingControl } from './Pairing';
import { useSettingsTexts, type SettingsT, type SettingsTextId } from './settings-texts';
import '../../styles/settings.css';

type SettingData = CallAnswer<'getSettingData'>;
type SettingChange = Omit<Parameters<ReturnType<typeof useServices>['client']['setSettingInfo']>[0], 'path'>;

/** The text, or undefined when it is empty. */
function text(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

const DEVICE_TYPES: Record<number, 'settings.info.type.2' | 'settings.info.type.3' | 'settings.info.type.4'> = {
  2: 'settings.info.type.2',
  3: 'settings.info.type.3',
  4: 'settings.info.type.4',
};

const PAIR_STATE_TEXTS: Record<PairState, 'pair.unpaired' | 'pair.pairing' | 'pair.paired'> = {
  0: 'pair.unpaired',
  1: 'pair.pairing',
  2: 'pair.paired',
};

/** The battery attribute rows, each value with its unit, "--" where the device does not know it. */
function batteryRows(info: BatteryInfo, t: ReturnType<typeof useT>, s: SettingsT): [string, string][] {
  const shown = (value: number | null, unit: Parameters<SettingsT>[0], signed = false): string =>
    value === null ? s('settings.battery.unknown') : s(unit, signed && value > 0 ? `+${value}` : String(value));
  return [
    [t('dev.current'), shown(info.current_ma, 'settings.battery.current.value', true)],
    [t('dev.voltage'), shown(info.voltage_mv, 'settings.battery.voltage.value')],
    [t('dev.charge.left'), shown(info.charge_minutes, 'settings.battery.charge.left.value')],
    [t('dev.cycle'), shown(info.cycles, 'settings.battery.cycle.value')],
    [t('dev.health'), shown(info.health, 'settings.battery.health.value')],
  ];
}

function InfoSection({
  device,
  data,
  pendingUpdate,
  s,
}: {
  device: DeviceRecord;
  data: SettingData | undefined;
  pendingUpdate?: string;
  s: SettingsT;
}) {
  const t = useT();
  const accessMode = data?.access_mode ?? device.access_mode;
  const access = accessModeLabel(accessMode);
  const unknown = t('settings.info.unknown');
  const type = DEVICE_TYPES[device.dev_type];
  const rows: [string, string, live?: boolean][] = [
    [t('settings.info.name'), device.display_name],
    [s('settings.info.status'), s(device.online ? 'settings.info.online' : 'settings.info.offline')],
    [t('settings.info.connection'), access ? t(access) : device.access_text || unknown],
    [t('settings.info.firmware'), text(data?.fw_ver) ?? (text(device.fw_ver) || unknown)],
    [t('settings.info.hardware'), text(data?.hw_ver) ?? (text(device.hw_ver) || unknown)],
    [t('settings.info.release'), text(data?.release_date) ?? unknown],
  ];
  const serial = text(device.dev_sn);
  if (serial !== undefined) rows.push([t('settings.info.serial'), serial]);
  const { settings } = device.features;
  if (settings.battery) {
    rows.push([t('settings.info.battery'), batteryText(data?.battery ?? device.electricity)]);
    if (data?.battery_info) rows.push(...batteryRows(data.battery_info, t, s));
  }
  // The pairing status changes by itself (pairing, then paired): a screen reader hears it.
  if (data?.pair_state !== undefined) rows.push([t('dev.pair.status'), t(PAIR_STATE_TEXTS[data.pair_state]), true]);
  rows.push([s('settings.info.type'), type ? s(type) : unknown]);
  if (data && settings.reportRate)
    rows.push([s('settings.info.report.rate'), s('settings.info.report.rate.value', data.report_rate)]);

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
          {rows.map(([label, value, live]) => (
            <div className="info-list__row" key={label}>
              <dt>{label}</dt>
              <dd aria-live={live ? 'polite' : undefined}>{value}</dd>
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

interface UsbProps {
  data: SettingData;
  features: SettingsFeatures;
  change(args: SettingChange): void;
  kbMode: { busy: boolean; choose(mode: KeyboardMode): Promise<void> };
  s: SettingsT;
}

interface LinkProps extends UsbProps {
  pairing: { busy: boolean; pair(): Promise<void> };
}

function UsbSettings({ data, features, change, kbMode, s }: UsbProps) {
  const [sleepTime, setSleepTime] = useState(clampSleepTime(data.sleep_time));
  useEffect(() => setSleepTime(clampSleepTime(data.sleep_time)), [data.sleep_time]);
  const needsFirmware = <p className="settings-note">{s('settings.usb.needs.firmware')}</p>;
  return (
    <div className="usb-settings">
      {data.kb_mode_supported && <KeyboardModeChoice data={data} busy={kbMode.busy} choose={kbMode.choose} s={s} />}
      {features.nKeyRollover && (
        <>
          <OnOff
            label={s('settings.usb.nkey')}
            checked={data.use_n_key === 1}
            disabled={!data.n_key_supported}
            onChange={(on) => change({ use_n_key: on ? 1 : 0 })}
          />
          {!data.n_key_supported && needsFirmware}
        </>
      )}
      {features.autoCalibration && (
        <OnOff
          label={s('settings.usb.calibration')}
          checked={data.auto_calibration === 1}
          onChange={(on) => change({ calibration: { auto_calibration: on ? 1 : 0 } })}
        />
      )}
      {features.sleep && (
        <>
          <OnOff
            label={s('settings.usb.sleep')}
            checked={data.use_sleep === 1}
            disabled={!data.sleep_supported}
            onChange={(on) => change(on ? { use_sleep: 1, sleep_time: sleepTime } : { use_sleep: 0 })}
          />
          {data.sleep_supported ? (
            <Slider
              label={s('settings.usb.sleep.time')}
              value={sleepTime}
              min={SLEEP_MINUTES.min}
              max={SLEEP_MINUTES.max}
              step={1}
              unit={s('settings.usb.unit.min')}
              disabled={data.use_sleep !== 1}
              onChange={setSleepTime}
              onCommit={(minutes) => change({ use_sleep: 1, sleep_time: clampSleepTime(minutes) })}
            />
          ) : (
            needsFirmware
          )}
        </>
      )}
    </div>
  );
}

type LinkMode = ConnectionMode;

/** The link a device is using now (its access mode), where the section opens. */
export function linkModeOf(accessMode: number): LinkMode {
  return accessMode === ACCESS_MODE.wireless24g ? '24g' : accessMode === ACCESS_MODE.bluetooth ? 'bluetooth' : 'usb';
}

/**
 * The link-mode section: a choice among the connections the device has (not tabs, as it sits inside the page's own
 * tab panel), opening on the one in use.
 */
function LinkSection({ data, features, change, kbMode, pairing, s }: LinkProps) {
  const modes = features.connections;
  const now = linkModeOf(data.access_mode);
  const opening = modes.includes(now) ? now : modes[0]!;
  const [mode, setMode] = useState<LinkMode>(opening);
  // A device that changes its link while the page is open (a cable plugged in) shows the new one.
  useEffect(() => setMode(opening), [opening]);
  return (
    <section className="panel link-settings" aria-labelledby="link-settings-title">
      <h2 className="panel__title" id="link-settings-title">
        {s('settings.link.title')}
      </h2>
      <div className="link-settings__modes" role="group" aria-label={s('settings.link.modes')}>
        {modes.map((m) => (
          <button
            key={m}
            type="button"
            className="link-settings__mode"
            aria-pressed={mode === m}
            onClick={() => setMode(m)}
          >
            {s(`settings.link.${m}`)}
          </button>
        ))}
      </div>
      <div className="link-settings__body" data-link-mode={mode}>
        {mode === 'usb' ? (
          <UsbSettings data={data} features={features} change={change} kbMode={kbMode} s={s} />
        ) : (
          <p className="settings-note">{s('settings.link.empty')}</p>
        )}
      </div>
      {data.pair_state !== undefined && (
        <PairingControl state={data.pair_state} busy={pairing.busy} pair={pairing.pair} />
      )}
    </section>
  );
}

/** What a factory reset puts back, from the areas the device has: "key mapping, lighting, … and all theme slots". */
export function resetScope(features: DeviceFeatures, s: SettingsT): string {
  const parts: SettingsTextId[] = [];
  if (features.keymap) parts.push('settings.reset.part.keymap');
  if (features.macroBuffer) parts.push('settings.reset.part.macros');
  if (features.lighting) parts.push('settings.reset.part.lighting');
  if (features.performance) parts.push('settings.reset.part.performance');
  if (features.profiles.sceneFiles) parts.push('settings.reset.part.themes');
  else if (features.profiles.count > 1) parts.push('settings.reset.part.profiles');
  const words = parts.map((id) => s(id));
  if (words.length === 0) return s('settings.reset.part.everything');
  if (words.length === 1) return words[0]!;
  return `${words.slice(0, -1).join(s('settings.reset.list.comma'))}${s('settings.reset.list.and')}${words.at(-1)!}`;
}

function FactoryReset({ scope, onReset, s }: { scope: string; onReset(): Promise<void>; s: SettingsT }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel factory-reset" aria-label={s('settings.reset.title')}>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {s('settings.reset.button')}
      </button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title={s('settings.reset.title')}
        description={s('settings.reset.body', scope)}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              {s('settings.reset.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setOpen(false);
                void onReset();
              }}
            >
              {s('settings.reset.confirm')}
            </button>
          </>
        }
      />
    </section>
  );
}

export function DeviceSettingsTab({ device, pendingUpdate }: { device: DeviceRecord; pendingUpdate?: string }) {
  const s = useSettingsTexts();
  const { client } = useServices();
  const [data, setData] = useState<SettingData | undefined>(undefined);
  const [modeBusy, setModeBusy] = useState(false);
  const [pairBusy, setPairBusy] = useState(false);
  const path = device.path;
  const { features } = device;
  // Read again when the device's firmware changes (an update just finished), so the information shows the new one.
  const firmware = device.fw_ver;

  /**
   * Takes setting data. Only the settings calls carry the per-key light: data from elsewhere (a factory reset, an
   * update) keeps the light shown so far and the settings are read once more for the keyboard's own.
   */
  const take = useCallback(
    (update: SettingData) => {
      setData((prev) =>
        update.keylight_use === undefined && prev?.keylight_use !== undefined
          ? { ...update, keylight_use: prev.keylight_use }
          : update,
      );
      if (update.kb_mode_supported && update.keylight_use === undefined)
        client.getSettingData({ path }).then(setData, () => undefined);
    },
    [client, path],
  );

  useEffect(() => {
    let live = true;
    void attempt(client.getSettingData({ path })).then((result) => {
      if (live && result.ok) take(result.value);
    });
    const offSettings = client.on('get_setting_data', (update) => {
      if (live && update.path === path) take(update);
    });
    // The per-key light is also the Key LED tab's: a change there (or by a theme switch) shows here.
    const offLight = client.on('get_key_color_info', (info) => {
      if (live && info.path === path) setData((prev) => prev && { ...prev, keylight_use: info.keylight_use ? 1 : 0 });
    });
    return () => {
      live = false;
      offSettings();
      offLight();
    };
  }, [client, path, firmware, take]);

  const change = (args: SettingChange) => {
    void attempt(client.setSettingInfo({ path, ...args })).then((result) => {
      if (result.ok) take(result.value);
    });
  };

  const chooseMode = async (mode: KeyboardMode) => {
    setModeBusy(true);
    try {
      const result = await attempt(client.setSettingInfo({ path, kb_mode: mode }));
      if (result.ok) take(result.value);
      // The service has announced the failure; what the keyboard now holds (old or new mode) is read again.
      else await client.getSettingData({ path }).then(setData, () => undefined);
    } finally {
      setModeBusy(false);
    }
  };

  const pair = async () => {
    setPairBusy(true);
    try {
      const result = await attempt(client.setSettingInfo({ path, pair: 1 }));
      if (result.ok) take(result.value);
      // The service has announced the failure; what the device now holds (pairing or not) is read again.
      else await client.getSettingData({ path }).then(take, () => undefined);
    } finally {
      setPairBusy(false);
    }
  };

  const reset = async () => {
    const loading = useLoadingStore.getState();
    loading.setVisible(true);
    try {
      const result = await attempt(client.runOtherFunc({ path, cmd: 'reset' }));
      if (result.ok && 'use_n_key' in result.value) {
        take(result.value);
        useToastStore.getState().push({ title: 'settings.reset.done', context: '', args: '', type: 0, delay: 3 });
      }
    } finally {
      useLoadingStore.getState().setVisible(false);
    }
  };

  return (
    <div className="device-settings">
      <InfoSection device={device} data={data} pendingUpdate={pendingUpdate} s={s} />
      {data && features.settings.connections.length > 0 && (
        <LinkSection
          data={data}
          features={features.settings}
          change={change}
          kbMode={{ busy: modeBusy, choose: chooseMode }}
          pairing={{ busy: pairBusy, pair }}
          s={s}
        />
      )}
      {features.firmwareUpdate && (
        <>
          <OnlineUpdate device={device} />
          <LocalUpdate device={device} />
        </>
      )}
      {features.factoryReset && <FactoryReset scope={resetScope(features, s)} onReset={reset} s={s} />}
    </div>
  );
}
