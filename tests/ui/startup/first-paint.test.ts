// @vitest-environment jsdom
/**
 * The page's first frame (src/ui/startup/first-paint.ts), drawn by index.html before the app loads: the shell and
 * the devices about to be listed, in the person's language, replaced by the app's first render.
 */
import { createDeviceStore } from '../../../src/ui/device-list/store';
import {
  CHOICE_BY_NAME,
  chosenPath,
  firstPaintHtml,
  firstPaintLanguage,
  OPEN_EVENT,
  paintFirstFrame,
  PREVIEW_LIMIT,
  previewDevices,
  REMEMBERED_DEVICES_KEY,
} from '../../../src/ui/startup/first-paint';
import { firstPaintParts } from '../../../src/ui/startup/first-paint-parts';
import { rememberDevices } from '../../../src/ui/startup/remembered-devices';
import { firstPaintScript } from '../../../scripts/first-paint-plugin';
import { deviceRecord } from '../records';

const parts = firstPaintParts();

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div class="boot-spinner" aria-busy="true"></div></div>';
  localStorage.clear();
  document.cookie = 'Language=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState(null, '', '/');
});

describe('first frame', () => {
  it('speaks the language the app will: the Language cookie, else the browser language', () => {
    expect(firstPaintLanguage('SkinMode=dark; Language=zh_CN', 'en-US')).toBe('zh_CN');
    expect(firstPaintLanguage('', 'zh-TW')).toBe('zh_CN');
    expect(firstPaintLanguage('', 'fr-FR')).toBe('en_US');
    expect(firstPaintLanguage('Language=en_US', 'zh-CN')).toBe('en_US');
    expect(firstPaintLanguage('Language=%E0%A4%A', undefined)).toBe('en_US');
  });

  it('lists the remembered devices, then the virtual keyboards the address asks for that are not among them', () => {
    const remembered = JSON.stringify([{ name: 'Made68Pro', type: 2 }]);
    expect(previewDevices(remembered, '?virtual=made68pro@1.3.7&virtual=cyber01@1.2.8', parts.models)).toEqual([
      { name: 'Made68Pro', type: 2 },
      { name: 'Cyber01', type: 2 },
    ]);
    // Two made68pro asked for, one remembered: one more card.
    expect(previewDevices(remembered, '?virtual=made68pro@1.3.7&virtual=made68pro@1.3.7', parts.models)).toHaveLength(
      2,
    );
    // Unknown models, missing versions and damaged records draw nothing.
    expect(previewDevices('{"not": "a list"', '?virtual=nosuch@1.0.0&virtual=made68pro', parts.models)).toEqual([]);
    expect(previewDevices('[{"name": 3}, null, {"name": "Mouse01", "type": 3}]', '', parts.models)).toEqual([
      { name: 'Mouse01', type: 3 },
    ]);
    const many = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ name: `K${i}`, type: 2 })));
    expect(previewDevices(many, '', parts.models)).toHaveLength(PREVIEW_LIMIT);
  });

  it('draws cards that say they are connecting, show nothing read from the device, and take a choice at once', () => {
    document.getElementById('root')!.innerHTML = firstPaintHtml(parts, 'en_US', [
      { name: '<b>Made68Pro</b>', type: 2 },
      { name: 'Dongle01', type: 4 },
      { name: 'Dongle01', type: 4 },
    ]);
    const app = document.querySelector('.first-paint')!;
    expect(app.hasAttribute('inert')).toBe(false);
    // The rail does nothing until the app is there.
    expect(document.querySelector('.rail')!.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.rail')!.getAttribute('aria-hidden')).toBe('true');
    const cards = [...document.querySelectorAll('.device-card--preview')];
    expect(cards.map((c) => c.querySelector('.device-card__name')!.textContent)).toEqual([
      '<b>Made68Pro</b>',
      'Dongle01',
      'Dongle01',
    ]);
    expect(cards[1]!.textContent).toContain('Connecting…');
    expect(cards[1]!.textContent).toContain('Receiver');
    expect(document.body.textContent).not.toMatch(/Firmware|USB|Virtual/);
    // Each name is a button, told apart by its place among the cards of that name.
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('button.device-card__open')];
    expect(buttons.map((b) => b.dataset.firstNth)).toEqual(['0', '0', '1']);
    expect(document.querySelector('a, input')).toBeNull();
    expect(document.querySelector('[role="status"]')!.textContent).toBe('Loading');
  });

  it('finds the device a choice names: by path, or the nth device of a name', () => {
    const list = [
      { path: 'a', display_name: 'Dongle01' },
      { path: 'b', display_name: 'Made68Pro' },
      { path: 'c', display_name: 'Dongle01' },
    ];
    expect(chosenPath('b', list)).toBe('b');
    expect(chosenPath('x', list)).toBeUndefined();
    expect(chosenPath(`${CHOICE_BY_NAME}Dongle01#1`, list)).toBe('c');
    expect(chosenPath(`${CHOICE_BY_NAME}Dongle01#0`, list)).toBe('a');
    expect(chosenPath(`${CHOICE_BY_NAME}Dongle01#2`, list)).toBeUndefined();
    expect(chosenPath(`${CHOICE_BY_NAME}Real67#0`, list)).toBeUndefined();
  });

  it('shows the shell and a spinner when there is no device to draw', () => {
    document.getElementById('root')!.innerHTML = firstPaintHtml(parts, 'en_US', []);
    expect(document.querySelector('.rail')).not.toBeNull();
    expect(document.querySelector('.boot-spinner')).not.toBeNull();
    expect(document.querySelector('.device-card')).toBeNull();
  });

  it('paints from the cookie, the remembered list and the address, in Chinese', () => {
    document.cookie = 'Language=zh_CN';
    localStorage.setItem(REMEMBERED_DEVICES_KEY, JSON.stringify([{ name: 'Real67', type: 2 }]));
    window.history.replaceState(null, '', '/?virtual=made68pro@1.3.7');
    paintFirstFrame(parts);
    expect([...document.querySelectorAll('.rail__tab-label')].map((e) => e.textContent)).toEqual([
      '设备',
      '工具',
      '帮助',
      '设置',
    ]);
    expect([...document.querySelectorAll('.device-card__name')].map((e) => e.textContent)).toEqual([
      'Real67',
      'Made68Pro',
    ]);
    expect(document.body.textContent).toContain('正在连接…');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('a card chosen before any device has answered is noted by name and place, and shows it is opening', () => {
    localStorage.setItem(REMEMBERED_DEVICES_KEY, JSON.stringify([{ name: 'Real67', type: 2 }]));
    window.history.replaceState(null, '', '/?virtual=made68pro@1.3.7');
    window.__keytuneChosen = undefined;
    const heard: string[] = [];
    const listen = (e: Event) => heard.push((e as CustomEvent<string>).detail);
    window.addEventListener(OPEN_EVENT, listen);
    paintFirstFrame(parts);
    const button = [...document.querySelectorAll<HTMLButtonElement>('button.device-card__open')][1]!;
    expect(button.textContent).toBe('Made68Pro');
    button.click();
    window.removeEventListener(OPEN_EVENT, listen);
    expect(window.__keytuneChosen).toBe(`${CHOICE_BY_NAME}Made68Pro#0`);
    expect(heard).toEqual([`${CHOICE_BY_NAME}Made68Pro#0`]);
    expect(button.closest('.device-card')).toHaveAttribute('aria-busy', 'true');
  });

  it('leaves the desktop host page to its own first render', () => {
    document.head.innerHTML = '<meta name="keytune-bridge-token" content="t">';
    window.history.replaceState(null, '', '/?virtual=made68pro@1.3.7');
    paintFirstFrame(parts);
    expect(document.querySelector('.first-paint')).toBeNull();
    document.head.innerHTML = '';
  });

  it('is what index.html runs: the compiled inline script paints the frame', async () => {
    const script = await firstPaintScript(parts);
    expect(script).not.toMatch(/^export /m);
    window.history.replaceState(null, '', '/?virtual=cyber01@1.2.8');
    const code = script.replace(/^<script>/, '').replace(/<\/script>$/, '');
    new Function(code)();
    expect(document.querySelector('.device-card__name')!.textContent).toBe('Cyber01');
  });
});

describe('remembered devices', () => {
  it('keeps the names and types of the listed devices as they change, and nothing else', () => {
    const store = createDeviceStore([deviceRecord({ display_name: 'Made68Pro', dev_type: 2, fw_ver: 'V1.3.7' })]);
    const stop = rememberDevices(store);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_DEVICES_KEY)!)).toEqual([{ name: 'Made68Pro', type: 2 }]);
    store.getState().setDevices([]);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_DEVICES_KEY)!)).toEqual([]);
    stop();
    store.getState().setDevices([deviceRecord({ display_name: 'Cyber01' })]);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_DEVICES_KEY)!)).toEqual([]);
  });
});
