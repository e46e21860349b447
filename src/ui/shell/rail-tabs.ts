/** The side rail's four tabs (spec: Device 0, Tool 1, Help 2, Settings 4): their labels and icons. */
import type { ComponentType } from 'react';
import type { MessageId } from '../../i18n/en_US';
import { HelpIcon, KeyboardIcon, SettingsIcon, ToolIcon } from '../widgets/icons';

export const SIDE_TABS = ['0', '1', '2', '4'] as const;
export type SideTabId = (typeof SIDE_TABS)[number];

export const RAIL_TABS: Readonly<Record<SideTabId, { label: MessageId; icon: ComponentType<{ size?: number }> }>> = {
  '0': { label: 'nav.device', icon: KeyboardIcon },
  '1': { label: 'nav.tool', icon: ToolIcon },
  '2': { label: 'nav.help', icon: HelpIcon },
  '4': { label: 'nav.settings', icon: SettingsIcon },
};
