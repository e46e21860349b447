/**
 * Every user-visible text the two specs name (spec-1 §2 and §8; spec-2 §2.2-§2.10, §3 catalogue entities, §4, §5 and
 * §8 "Catalogue texts") is the English text of some id, and that id has a Chinese text. Texts the spec quotes are
 * listed as quoted; texts it only names are listed in the wording the catalogue gives them. The catalogue is en_US and
 * zh_CN plus the sections that load with their screen (registered texts), looked up in that order.
 */
import { en_US } from '../../src/i18n/en_US';
import { advancedEn, advancedZh } from '../../src/i18n/sections/advanced';
import { lightingEn, lightingZh } from '../../src/i18n/sections/lighting';
import { performanceEn, performanceZh } from '../../src/i18n/sections/performance';
import { settingsEn, settingsZh } from '../../src/i18n/sections/settings';
import { toolsEn, toolsZh } from '../../src/i18n/sections/tools';
import { widgetsEn, widgetsZh } from '../../src/i18n/sections/widgets';
import { zh_CN } from '../../src/i18n/zh_CN';

const SPEC_TEXTS: readonly string[] = [
  // spec-1 §2 and spec-2 §2.1-§2.3: shell, device tab, device page
  'Device',
  'Tool',
  'Help',
  'Settings',
  'Show this every time',
  'Device not supported',
  'Key code',
  'Key LED',
  'Key performance',
  'Device settings',
  'Minimize',
  'Maximize',
  'Restore',
  'Close',
  'OK',
  'Cancel',
  'Select all',
  'Reverse',
  'Unselect',
  'Edit',
  'Rename',
  'Delete',
  'White',
  'Red',
  'Green',
  'Blue',
  'Yellow',
  'Orange',
  'Magenta',
  'Cyan',
  // spec-2 §2.4-§2.6
  'Export',
  'Import',
  'Rapid trigger auto',
  'Series rapid',
  'Start',
  'Save',
  'Local update',
  // §2.7 Tool tab
  'Keyboard Tester',
  'Total clicks',
  'Currently pressed',
  'Max simultaneous pressing',
  'Clear',
  'Config',
  'Use voice',
  'Time',
  'Spacing',
  'Key name',
  'Press/Release',
  'Press count',
  'Keycodes',
  'Keystrokes',
  'Max simultaneous input',
  'Sound effects',
  // §2.8 Help tab
  'FAQ',
  "We're here to help",
  'How to contact us',
  'Content copied to clipboard',
  'Failed to copy',
  // §2.9 Settings tab
  'Light',
  'Dark',
  'Auto',
  'Auto run at start',
  'Start minimized',
  'Close to tray',
  'App version',
  'Wasm version',
  'Software version',
  'Driver version',
  'English (United States)',
  'Simplified Chinese',
  'Notifications',
  'System notice',
  'Event info',
  // §2.10 screen names
  'Account',
  'My Devices',
  'Connected',
  'Not connected',
  'Firmware update',
  'Add device',
  'Welcome to Keytune',
  'Key Mapping',
  'Lighting',
  'Super Key',
  'Rapid Trigger',
  'Advanced',
  'Macro',
  'Performance',
  'Pro Player Profile',
  'Switch',
  'Calibrate',
  'Detect',
  'About',
  'Online update',
  'Reset keyboard',
  'Connection status',
  'Pairing status',
  'Keyboard mode',
  'NKRO',
  'Auto calibration',
  'Auto sleep',
  // §3 catalogue entities: profiles, device info, keyboard modes
  'Default',
  'E-sports',
  'Typing',
  'Rapid',
  'Name',
  'Firmware',
  'Hardware',
  'Release date',
  'Battery',
  'Current',
  'Voltage',
  'Remaining charging time',
  'Cycle',
  'Health level',
  'Connection',
  'Power saving mode',
  'Light off, 125Hz',
  'Office mode',
  'Light on, 250Hz',
  'Game mode',
  'Light on, 1000Hz',
  // §4 states
  'Synced',
  'Syncing…',
  'Calibration Normal',
  'Auto calibration turns back on after a power outage.',
  'Version check',
  'Update to the latest version',
  'Do not remove the USB cable until the keyboard restarts.',
  'Unpaired',
  'Pairing',
  'Paired',
  'Pair',
  'Re-pair',
  'Hold the key combination for 3 seconds to re-pair.',
  'Online',
  'Offline',
  'Idle',
  'Recording',
  // §5 validation and warnings
  'Please select the key first!',
  'Please select the key to adjust.',
  'A rapid trigger sensitivity below 0.04mm is not recommended.',
  'A dead zone of 0 may cause accidental presses.',
  'Please do not set dead zone for different switch',
  'Do not press any key before confirming the switch type change.',
  'Brightness above 36 may cause instability.',
  'Dynamic lighting cannot be previewed on the keyboard itself.',
  // §8 catalogue texts
  'Export Failure',
  'Import Failure',
  'Export Successful',
  'Import Successful',
  'Failed to modify configuration',
  'Failed to read basic information',
  'Failed to read key matrix',
  'Failed to read keycode list',
  'Failed to read light-effect info',
  'Failed to read key lighting mode and colour',
  'Failed to read frame lighting',
  'Failed to read key function info',
  'Failed to read DKS',
  'Failed to read advanced key',
  'Failed to read macro',
  'Failed to read snap tap list',
  'Failed to read DRT list',
  'Failed to read trigger',
  'Failed to read dead zone',
  'Failed to read calibration',
  'Failed to read NKRO',
  'Failed to read sleep mode',
  'Parameter setting error, please understand the function setting method before resetting',
  'This key is already used in a Snap tap.',
  'This key is already used as the first key of a DRT.',
  'Unable to find the ID for this key code in the current layer.',
  'Error in keystroke setting',
  'Failed to load resource, please refresh the page',
  'No apply',
  'Failed to enter upgrade mode, please try again',
  'The upgrade file you selected is not applicable to the current device, please choose the correct file accordingly!',
  'The upgrade file you selected is not applicable to the current device (hardware version {0}), please choose the correct file accordingly!',
  'No updates available. The firmware is already the latest version.',
  'Insufficient power from the USB port. Please switch to another USB port or use a different charging cable.',
  'Encrypted zip are not supported',
  'The firmware package is truncated or corrupted. Download it again.',
];

const EN: Readonly<Record<string, string>> = {
  ...advancedEn,
  ...lightingEn,
  ...performanceEn,
  ...settingsEn,
  ...toolsEn,
  ...widgetsEn,
  ...en_US,
};
const ZH: Readonly<Record<string, string>> = {
  ...advancedZh,
  ...lightingZh,
  ...performanceZh,
  ...settingsZh,
  ...toolsZh,
  ...widgetsZh,
  ...zh_CN,
};

/** Ids whose English text is `text`, compared without regard to case (the specs capitalise names loosely). */
function idsOf(text: string): string[] {
  const wanted = text.toLowerCase();
  return Object.keys(EN).filter((id) => EN[id]!.toLowerCase() === wanted);
}

describe('the spec catalogue texts', () => {
  it('lists each text once', () => {
    const lower = SPEC_TEXTS.map((text) => text.toLowerCase());
    expect(lower.filter((text, i) => lower.indexOf(text) !== i)).toEqual([]);
  });

  it.each(SPEC_TEXTS)('"%s" is the English text of an id that has a Chinese text', (text) => {
    const ids = idsOf(text);
    expect(ids, `no id has the English text "${text}"`).not.toEqual([]);
    const translated = ids.filter((id) => typeof ZH[id] === 'string' && ZH[id]!.trim() !== '');
    expect(translated, `no zh_CN text for ${ids.join(', ')}`).not.toEqual([]);
  });

  it('the main catalogues carry the same ids', () => {
    expect(Object.keys(zh_CN).sort()).toEqual(Object.keys(en_US).sort());
  });
});
