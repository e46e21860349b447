/**
 * What a libhmk driver offers beside its ports, by typed key (src/drivers/types.ts ExtensionKey): its own advanced
 * keys (null bind, dynamic keystroke, tap-hold, toggle, in its slots) and, from firmware 1.7, saving the calibration
 * thresholds to flash on their own; the profile the app edits beside the keyboard's own.
 */
import { extensionKey } from '../types.ts';
import type { LibhmkAdvancedPort } from './port-advanced.ts';

export const LIBHMK_ADVANCED = extensionKey<LibhmkAdvancedPort>('libhmk.advanced');

export const LIBHMK_SAVE_THRESHOLDS = extensionKey<() => Promise<void>>('libhmk.saveThresholds');

/** The profile the app edits and the one the keyboard types with, in one GET_PROFILE (a switch there is followed). */
export const LIBHMK_PROFILE_STATE =
  extensionKey<() => Promise<{ edited: number; keyboard: number }>>('libhmk.profileState');
