/**
 * "No keyboard at hand?": adds a virtual device of any model the product knows, at a chosen firmware version, or a
 * keyboard of another family (libhmk, VIA) at a version of its firmware or protocol. The virtual device runs the
 * reference firmware or its family's simulator, so everything after this point is the real code path. Its card
 * takes keyboard focus once it shows.
 */
import { useId, useState, type FormEvent } from 'react';
import { CONFIGURABLE_MODELS, findModel, OTHER_MODELS, REDIRECT_MODELS } from '../../core/models';
import { tryParseVersion } from '../../core/version';
import { FAMILY_VIRTUAL_MODELS, familyVirtualModel } from '../../core/virtual-families';
import { useT } from '../../i18n/store';
import { attempt } from '../call';
import { useServices } from '../services';
import type { LatestFirmware } from '../update-checker';

const FALLBACK_FIRMWARE = '1.3.7';

const GROUPS = [
  { label: 'virtual.group.keyboards', models: CONFIGURABLE_MODELS },
  { label: 'virtual.group.redirect', models: REDIRECT_MODELS },
  { label: 'virtual.group.other', models: OTHER_MODELS },
  { label: 'virtual.group.families', models: FAMILY_VIRTUAL_MODELS.map((m) => m.name) },
] as const;

export function defaultFirmwareFor(model: string, latest: LatestFirmware): string {
  return familyVirtualModel(model)?.versions[0] ?? latest[model] ?? FALLBACK_FIRMWARE;
}

/** The model a choice of the list names: one of our own protocol's, or a keyboard of another family. */
function choiceInfo(name: string): { displayName: string; wireless: boolean } | undefined {
  const family = familyVirtualModel(name);
  if (family) return { displayName: family.displayName, wireless: false };
  return findModel(name);
}

export function VirtualOffer({ onAdded }: { onAdded?: () => void }) {
  const t = useT();
  const { client, devices, updates } = useServices();
  const ids = { model: useId(), fw: useId(), access: useId(), error: useId() };
  const [model, setModel] = useState<string>('made68pro');
  const [fwVer, setFwVer] = useState(() => defaultFirmwareFor('made68pro', updates.latest));
  const [accessMode, setAccessMode] = useState(0);
  const [busy, setBusy] = useState(false);
  const info = choiceInfo(model);
  const versionOk = tryParseVersion(fwVer) !== undefined;

  const chooseModel = (next: string) => {
    setModel(next);
    setFwVer(defaultFirmwareFor(next, updates.latest));
    if (!choiceInfo(next)?.wireless) setAccessMode(0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!info || !versionOk || busy) return;
    setBusy(true);
    const result = await attempt(
      client.addVirtualDevice({ display_name: info.displayName, fw_ver: fwVer.trim(), access_mode: accessMode }),
    );
    setBusy(false);
    if (!result.ok) return;
    // The new device's card takes keyboard focus as soon as it is on screen.
    devices.getState().focusDevice(result.value);
    onAdded?.();
  };

  return (
    <form className="virtual-offer" onSubmit={submit} aria-labelledby={`${ids.model}-title`}>
      <h2 className="virtual-offer__title" id={`${ids.model}-title`}>
        {t('virtual.title')}
      </h2>
      <p className="virtual-offer__desc">{t('virtual.desc')}</p>
      <div className="virtual-offer__fields">
        <div className="field">
          <label htmlFor={ids.model}>{t('virtual.model')}</label>
          <select id={ids.model} className="input" value={model} onChange={(e) => chooseModel(e.target.value)}>
            {GROUPS.map((g) => (
              <optgroup key={g.label} label={t(g.label)}>
                {g.models.map((m) => (
                  <option key={m} value={m}>
                    {choiceInfo(m)?.displayName ?? m}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.fw}>{t('virtual.firmware')}</label>
          <input
            id={ids.fw}
            className="input"
            value={fwVer}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!versionOk}
            aria-describedby={versionOk ? undefined : ids.error}
            onChange={(e) => setFwVer(e.target.value)}
          />
          {!versionOk && (
            <span className="field__error" id={ids.error}>
              {t('virtual.firmware.invalid')}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.access}>{t('virtual.connection')}</label>
          <select
            id={ids.access}
            className="input"
            value={accessMode}
            onChange={(e) => setAccessMode(Number(e.target.value))}
          >
            <option value={0}>{t('device.access.usb')}</option>
            {info?.wireless && <option value={1}>{t('device.access.24g')}</option>}
            {info?.wireless && <option value={2}>{t('device.access.bluetooth')}</option>}
          </select>
        </div>
        <button type="submit" className="button button--secondary" disabled={!versionOk || busy} aria-busy={busy}>
          {t('virtual.add')}
        </button>
      </div>
    </form>
  );
}
