/**
 * Firmware packages and update-mode errors, shared by the areas that meet them: the files of a package as the flash
 * call receives them, and the toast keys that tell a person what happened to an update and how to finish it.
 */
import { BridgeCallError } from '../../contract/bridge.ts';
import type { FirmwareFile } from '../../contract/payloads/firmware.ts';
import { fail } from '../../core/rules/result.ts';
import { TOAST_KEYS } from '../../core/toast-keys.ts';
import { DEVICE_ERROR } from '../../protocol/errors.ts';
import { refusal } from '../refusal.ts';
import { SessionError } from '../session.ts';

/**
 * Keys of the update outcomes the spec's catalogue has no words for (its "Failed to enter upgrade mode" and "file
 * does not fit" aside). Their type and delay come from the toast table like every other key's.
 */
export const UPDATE_KEYS = {
  /** The image is larger than the device's update slot; nothing was sent. */
  fileTooLarge: TOAST_KEYS.firmwareFileTooLarge,
  /** The link dropped or stopped answering mid-update: the old firmware runs, the same update resumes. */
  interrupted: TOAST_KEYS.firmwareFlashInterrupted,
  /** The image was written and verified, but the device did not answer its handshake afterwards. */
  noAnswer: TOAST_KEYS.firmwareNoAnswer,
  /** The keyboard waits in its bootloader (an update cut short): only the update can finish it. */
  bootloader: TOAST_KEYS.deviceInBootloader,
} as const;

/** True for the device's answer to a configuration request while it waits in its bootloader. */
export function isUpdateModeRefusal(e: unknown): e is SessionError {
  return e instanceof SessionError && e.reason === 'device' && e.deviceCode === DEVICE_ERROR.busy;
}

/** A configuration call refused because the keyboard waits in its bootloader, said in words the user can act on. */
export function updateModeError(e: unknown): unknown {
  return isUpdateModeRefusal(e)
    ? new BridgeCallError(UPDATE_KEYS.bootloader, 'the keyboard waits in firmware-update mode: run the update again')
    : e;
}

/** Runs a configuration step, answering the bootloader's busy with the update-mode key. */
export async function outsideUpdateMode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw updateModeError(e);
  }
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const extensionIs = (file: FirmwareFile, ext: string): boolean => file.name.toLowerCase().endsWith(ext);

/**
 * The images to flash, in order (spec-2 §4). A non-empty .mgd file means the update needs the desktop tool: the call
 * ends with cfg.dev.update.request. Otherwise every .mg file, shortest name first; none is err.fw.file.invalid.
 */
export function pickFirmwareFiles(files: readonly FirmwareFile[]): { name: string; image: Uint8Array }[] {
  if (files.some((f) => extensionIs(f, '.mgd') && decodeBase64(f.data).length > 0))
    throw refusal(fail(TOAST_KEYS.updateRequest), 'this update must be installed with the desktop app');
  const mg = files.filter((f) => extensionIs(f, '.mg')).sort((a, b) => a.name.length - b.name.length);
  if (mg.length === 0) throw new BridgeCallError(TOAST_KEYS.firmwareFileInvalid, 'the package holds no firmware file');
  return mg.map((f) => ({ name: f.name, image: decodeBase64(f.data) }));
}
