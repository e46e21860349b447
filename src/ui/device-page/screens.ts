/**
 * The screens a family adds to the device page (its features list their ids in `features.screens`), each with its
 * label, where it goes and its code, loaded when first shown. The page renders the spec's tabs (core/device-tabs.ts)
 * and these; it never asks which family a device is. A new family's screen is one entry here.
 *
 * Places: a tab of its own, before Device settings; a section of the Device settings tab, after the spec's; or the
 * Key code tab's content while the device has no keys to draw (a VIA keyboard waiting for its definition).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageId } from '../../i18n/en_US';

export type ScreenPlace = 'tab' | 'settings' | 'no-keys';

export interface ScreenEntry {
  label: MessageId;
  place: ScreenPlace;
  /** The screen draws the keys: it is shown only where the device has a drawing and a keymap. */
  needsKeys?: boolean;
  load: () => Promise<{ default: ComponentType<{ path: string }> }>;
}

export const SCREENS: Readonly<Record<string, ScreenEntry>> = {
  gamepad: {
    label: 'page.tab.gamepad',
    place: 'tab',
    needsKeys: true,
    load: () => import('./gamepad/GamepadTab'),
  },
  via: { label: 'page.tab.via', place: 'tab', load: () => import('./via/ViaTab') },
  'layout-choices': {
    label: 'page.tab.settings',
    place: 'settings',
    load: () => import('./layout/LocalLayoutChoices').then((m) => ({ default: m.LocalLayoutChoices })),
  },
  'libhmk-settings': {
    label: 'page.tab.settings',
    place: 'settings',
    load: () => import('./libhmk/LibhmkSettings').then((m) => ({ default: m.LibhmkSettings })),
  },
  'via-definition': {
    label: 'page.tab.keycode',
    place: 'no-keys',
    load: () => import('./via/ViaDefinitionNeeded').then((m) => ({ default: m.ViaDefinitionNeeded })),
  },
};

const loaded = new Map<string, LazyExoticComponent<ComponentType<{ path: string }>>>();

/** The screen's component, made once per screen so that it loads once. */
export function screenComponent(id: string): LazyExoticComponent<ComponentType<{ path: string }>> | undefined {
  const entry = SCREENS[id];
  if (!entry) return undefined;
  let component = loaded.get(id);
  if (!component) {
    component = lazy(entry.load);
    loaded.set(id, component);
  }
  return component;
}

/** The screens of a device in a place, in the order its features list them; ids this app does not know are left out. */
export function screensAt(place: ScreenPlace, features: { screens: readonly string[] }, keys: boolean): string[] {
  return features.screens.filter((id) => {
    const entry = SCREENS[id];
    return entry !== undefined && entry.place === place && (keys || !entry.needsKeys);
  });
}
