/**
 * Local firmware update (spec-2 §2.6, §4): choose a .zip, then Update. The package is read here with bounded
 * inflation (core/firmware-package.ts); a bad archive is refused with its reason and nothing is sent; a package with
 * a non-empty .mgd shows cfg.dev.update.request and ends; otherwise the update dialog opens with the .mg files.
 */
import { useId, useRef, useState } from 'react';
import type { DeviceRecord } from '../../../contract/bridge';
import { readFirmwarePackage, type PackageFile } from '../../../core/firmware-package';
import { checkFirmwarePackageName } from '../../../core/rules/settings';
import { pushKeyToast } from '../../toasts/store';
import { useSettingsTexts } from '../settings/settings-texts';
import { FirmwareDialog } from './FirmwareDialog';
import { PROBLEM_TEXTS } from './package-texts';

export function LocalUpdate({ device }: { device: DeviceRecord }) {
  const s = useSettingsTexts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [problem, setProblem] = useState<keyof typeof PROBLEM_TEXTS | undefined>(undefined);
  const [flash, setFlash] = useState<PackageFile[] | undefined>(undefined);

  const update = async () => {
    if (!file) return;
    setProblem(undefined);
    if (!checkFirmwarePackageName(file.name).ok) {
      setProblem('not_zip');
      return;
    }
    const result = readFirmwarePackage(new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) setProblem(result.problem);
    else if (result.kind === 'request') pushKeyToast('cfg.dev.update.request');
    else setFlash(result.files);
  };

  return (
    <section className="panel firmware-local-panel" aria-labelledby={`${id}-title`}>
      <h2 className="panel__title" id={`${id}-title`}>
        {s('firmware.local.title')}
      </h2>
      <p className="settings-note">{s('firmware.local.hint')}</p>
      <div className="firmware-local">
        <button type="button" className="button button--secondary" onClick={() => input.current?.click()}>
          {s('firmware.local.choose')}
        </button>
        <span data-testid="firmware-chosen">
          {file ? s('firmware.local.chosen', file.name) : s('firmware.local.none')}
        </span>
        <button type="button" className="button button--primary" disabled={!file} onClick={() => void update()}>
          {s('firmware.local.update')}
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept=".zip"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="firmware-file"
        onChange={(event) => {
          setFile(event.target.files?.[0]);
          setProblem(undefined);
          event.target.value = '';
        }}
      />
      {problem !== undefined && (
        <p className="settings-problem" role="alert">
          {s(PROBLEM_TEXTS[problem])}
        </p>
      )}
      {flash && file && (
        <FirmwareDialog
          device={device}
          source={{ kind: 'local', files: flash, packageName: file.name }}
          onClose={() => setFlash(undefined)}
        />
      )}
    </section>
  );
}
