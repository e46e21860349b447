/**
 * A key name for every W3C UI Events KeyboardEvent.code value (the code list of the W3C specification, plus the
 * legacy and media codes browsers send). Legends are what keycaps print (Shift, Enter, F13, ...); the side of a
 * modifier and the numeric keypad are words of the catalogue, so "Left Shift" reads 左 Shift in Chinese.
 */

export interface KeyName {
  /** The keycap legend, the same in every language. */
  legend: string;
  side?: 'left' | 'right';
  numpad?: boolean;
}

const range = (prefix: string, from: number, to: number): [string, string][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [`${prefix}${from + i}`, `${from + i}`]);

const letters: [string, string][] = Array.from({ length: 26 }, (_, i) => {
  const c = String.fromCharCode(65 + i);
  return [`Key${c}`, c];
});

/** Codes without a side or keypad part, to their legend. */
const PLAIN: ReadonlyMap<string, string> = new Map<string, string>([
  // Writing system keys
  ['Backquote', '`'],
  ['Backslash', '\\'],
  ['BracketLeft', '['],
  ['BracketRight', ']'],
  ['Comma', ','],
  ...range('Digit', 0, 9),
  ['Equal', '='],
  ['IntlBackslash', 'Intl \\'],
  ['IntlRo', 'Ro'],
  ['IntlYen', 'Yen'],
  ...letters,
  ['Minus', '-'],
  ['Period', '.'],
  ['Quote', "'"],
  ['Semicolon', ';'],
  ['Slash', '/'],
  // Functional keys
  ['Backspace', 'Backspace'],
  ['CapsLock', 'Caps Lock'],
  ['ContextMenu', 'Menu'],
  ['Enter', 'Enter'],
  ['Space', 'Space'],
  ['Tab', 'Tab'],
  ['Convert', 'Henkan'],
  ['KanaMode', 'Kana'],
  ['Lang1', 'Hangul/Kana'],
  ['Lang2', 'Hanja/Eisu'],
  ['Lang3', 'Katakana'],
  ['Lang4', 'Hiragana'],
  ['Lang5', 'Zenkaku/Hankaku'],
  ['NonConvert', 'Muhenkan'],
  // Control pad and arrows
  ['Delete', 'Delete'],
  ['End', 'End'],
  ['Help', 'Help'],
  ['Home', 'Home'],
  ['Insert', 'Insert'],
  ['PageDown', 'Page Down'],
  ['PageUp', 'Page Up'],
  ['ArrowDown', '↓'],
  ['ArrowLeft', '←'],
  ['ArrowRight', '→'],
  ['ArrowUp', '↑'],
  // Function section
  ['Escape', 'Esc'],
  ...range('F', 1, 24).map(([code, n]): [string, string] => [code, `F${n}`]),
  ['Fn', 'Fn'],
  ['FnLock', 'Fn Lock'],
  ['PrintScreen', 'Print Screen'],
  ['ScrollLock', 'Scroll Lock'],
  ['Pause', 'Pause'],
  ['NumLock', 'Num Lock'],
  // Media keys
  ['BrowserBack', 'Browser Back'],
  ['BrowserFavorites', 'Favorites'],
  ['BrowserForward', 'Browser Forward'],
  ['BrowserHome', 'Browser Home'],
  ['BrowserRefresh', 'Refresh'],
  ['BrowserSearch', 'Search'],
  ['BrowserStop', 'Browser Stop'],
  ['Eject', 'Eject'],
  ['LaunchApp1', 'My Computer'],
  ['LaunchApp2', 'Calculator'],
  ['LaunchMail', 'Mail'],
  ['LaunchControlPanel', 'Control Panel'],
  ['LaunchScreenSaver', 'Screen Saver'],
  ['LaunchAssistant', 'Assistant'],
  ['MediaPlayPause', 'Play/Pause'],
  ['MediaSelect', 'Media Select'],
  ['MediaStop', 'Stop'],
  ['MediaTrackNext', 'Next Track'],
  ['MediaTrackPrevious', 'Previous Track'],
  ['MediaFastForward', 'Fast Forward'],
  ['MediaRewind', 'Rewind'],
  ['MediaRecord', 'Record'],
  ['MediaPause', 'Pause Media'],
  ['MediaPlay', 'Play'],
  ['Power', 'Power'],
  ['Sleep', 'Sleep'],
  ['WakeUp', 'Wake Up'],
  ['AudioVolumeDown', 'Volume Down'],
  ['AudioVolumeMute', 'Mute'],
  ['AudioVolumeUp', 'Volume Up'],
  ['BrightnessDown', 'Brightness Down'],
  ['BrightnessUp', 'Brightness Up'],
  ['DisplayToggleIntExt', 'Display Toggle'],
  ['KeyboardLayoutSelect', 'Layout Select'],
  ['MailForward', 'Mail Forward'],
  ['MailReply', 'Mail Reply'],
  ['MailSend', 'Mail Send'],
  ['SelectTask', 'Select Task'],
  ['ShowAllWindows', 'Show All Windows'],
  ['ZoomToggle', 'Zoom'],
  ['PrivacyScreenToggle', 'Privacy Screen'],
  ['MicrophoneMuteToggle', 'Microphone Mute'],
  ['EmojiPicker', 'Emoji'],
  ['Dictate', 'Dictate'],
  // Legacy, non-standard and special keys
  ['Hyper', 'Hyper'],
  ['Super', 'Super'],
  ['Turbo', 'Turbo'],
  ['Abort', 'Abort'],
  ['Resume', 'Resume'],
  ['Suspend', 'Suspend'],
  ['Again', 'Again'],
  ['Copy', 'Copy'],
  ['Cut', 'Cut'],
  ['Find', 'Find'],
  ['Open', 'Open'],
  ['Paste', 'Paste'],
  ['Props', 'Props'],
  ['Select', 'Select'],
  ['Undo', 'Undo'],
  ['Hiragana', 'Hiragana'],
  ['Katakana', 'Katakana'],
  ['Unidentified', 'Unidentified'],
]);

const SIDED: ReadonlyMap<string, string> = new Map([
  ['Alt', 'Alt'],
  ['Control', 'Ctrl'],
  ['Meta', 'Win/⌘'],
  ['Shift', 'Shift'],
]);

const NUMPAD: ReadonlyMap<string, string> = new Map<string, string>([
  ...range('Numpad', 0, 9),
  ['NumpadAdd', '+'],
  ['NumpadBackspace', 'Backspace'],
  ['NumpadClear', 'Clear'],
  ['NumpadClearEntry', 'Clear Entry'],
  ['NumpadComma', ','],
  ['NumpadDecimal', '.'],
  ['NumpadDivide', '/'],
  ['NumpadEnter', 'Enter'],
  ['NumpadEqual', '='],
  ['NumpadHash', '#'],
  ['NumpadMemoryAdd', 'M+'],
  ['NumpadMemoryClear', 'MC'],
  ['NumpadMemoryRecall', 'MR'],
  ['NumpadMemoryStore', 'MS'],
  ['NumpadMemorySubtract', 'M-'],
  ['NumpadMultiply', '*'],
  ['NumpadParenLeft', '('],
  ['NumpadParenRight', ')'],
  ['NumpadStar', '*'],
  ['NumpadSubtract', '-'],
]);

/** Every code with a name of its own (the W3C list and the media codes browsers send). */
export const KNOWN_CODES: readonly string[] = [
  ...PLAIN.keys(),
  ...[...SIDED.keys()].flatMap((k) => [`${k}Left`, `${k}Right`]),
  ...NUMPAD.keys(),
];

/** The name of a KeyboardEvent.code; a code this table does not know is shown as sent, so nothing is nameless. */
export function keyNameOf(code: string): KeyName {
  const plain = PLAIN.get(code);
  if (plain !== undefined) return { legend: plain };
  const numpad = NUMPAD.get(code);
  if (numpad !== undefined) return { legend: numpad, numpad: true };
  const sided = /^(Alt|Control|Meta|Shift)(Left|Right)$/.exec(code);
  if (sided) return { legend: SIDED.get(sided[1]!)!, side: sided[2] === 'Left' ? 'left' : 'right' };
  return { legend: code || 'Unidentified' };
}
