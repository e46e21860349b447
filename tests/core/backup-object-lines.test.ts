/**
 * Diff lines of the objects a diff knows by shape, worded as the screens name things: an item by its card's badge and
 * id ("Macro M1"), layers from 1, keys and codes by name, values with units; in English and Chinese.
 */
import { describe, expect, it, vi } from 'vitest';
import { diffBackups, type BackupNames } from '../../src/core/backup/diff';
import type { KeyboardBackup } from '../../src/core/backup/format';
import { formatDiffLine, summarizeDiff, type BackupTranslate } from '../../src/core/backup/text';
import { backupEn, backupZh } from '../../src/i18n/sections/backup';
import { createTranslate, registerTexts, type Language } from '../../src/i18n/translate';

registerTexts(backupEn, backupZh);

const warnings = vi.fn();
function speaker(language: Language): BackupTranslate {
  const translate = createTranslate(language, warnings);
  return (id, ...args) => translate.dynamic(id, ...args);
}
const en = speaker('en_US');
const zh = speaker('zh_CN');

const KEYS = ['Esc', 'A', 'S', 'D', 'F'];
const CODES: Record<number, string> = { 0x04: 'A', 0x16: 'S', 0x68: 'F13', 0xe0: 'LCtrl' };
const names: BackupNames = {
  key: (id) => KEYS[id] ?? `#${id}`,
  code: (code) => CODES[code] ?? `0x${code.toString(16)}`,
};

function file(family: KeyboardBackup['device']['family'], objects: Record<string, unknown>, inProfile = false) {
  return {
    format: 'keytune-backup',
    version: 2,
    created: '2025-01-01T00:00:00.000Z',
    device: { family, model: 'k1', displayName: 'K1', firmware: '1', hardware: '1', serial: 'S1', keyCount: 5 },
    currentProfile: 0,
    profiles: [inProfile ? { objects } : {}],
    objects: inProfile ? {} : objects,
  } as KeyboardBackup;
}

/** The diff of one object, worded in both languages. */
function words(
  family: KeyboardBackup['device']['family'],
  name: string,
  from: unknown,
  to: unknown,
  inProfile = false,
): { en: string[]; zh: string[] } {
  const lines = diffBackups(file(family, { [name]: from }, inProfile), file(family, { [name]: to }, inProfile), names);
  return { en: lines.map((l) => formatDiffLine(l, en)), zh: lines.map((l) => formatDiffLine(l, zh)) };
}

const empty = { used: 0 };
const list = <T>(at: number, item: T, length = 4): unknown[] =>
  Array.from({ length }, (_, i) => (i === at ? item : empty));

describe('our keyboard’s advanced-key lists', () => {
  it('names a snap tap by its card, S3 for the item of id 3, its keys by name and its behaviour in words', () => {
    const was = { used: 1, keyA: 1, keyB: 3, mode: 0 };
    expect(words('keytune', 'snaptap', list(3, empty), list(3, was), true)).toEqual({
      en: ['Snap Tap S3 added: A and D'],
      zh: ['已添加快速切换 S3：A 和 D'],
    });
    expect(words('keytune', 'snaptap', list(3, was), list(3, { ...was, mode: 2 }), true)).toEqual({
      en: ['Snap Tap S3, Behaviour: last pressed -> neutral'],
      zh: ['快速切换 S3，行为：后按优先 → 中立'],
    });
    expect(words('keytune', 'snaptap', list(3, was), list(3, empty), true).en).toEqual([
      'Snap Tap S3 removed (was A and D)',
    ]);
  });

  it('names a macro M1 with its step count and its delays in ms', () => {
    const events = Array.from({ length: 80 }, () => ({ code: 0, flags: 0, delay: 0 }));
    const was = { used: 1, name: '', count: 2, events, delayType: 0, delayMin: 10, delayMax: 10, repeat: 1 };
    expect(words('keytune', 'macro', list(1, empty), list(1, was), true)).toEqual({
      en: ['Macro M1 added: 2 steps'],
      zh: ['已添加宏 M1：2 步'],
    });
    expect(words('keytune', 'macro', list(1, was), list(1, { ...was, delayMin: 25 }), true)).toEqual({
      en: ['Macro M1, Shortest delay: 10 ms -> 25 ms'],
      zh: ['宏 M1，最短延迟：10 毫秒 → 25 毫秒'],
    });
    expect(words('keytune', 'macro', list(1, empty), list(1, { ...was, name: 'Fire' }), true).en).toEqual([
      'Macro M1 added: "Fire", 2 steps',
    ]);
  });

  it('names a DKS D0 by its codes and its points in mm', () => {
    const rows = [{ code: 0x04, stages: [1, 0, 0, 0] }, { code: 0x68, stages: [0, 1, 0, 0] }, { code: 0 }];
    const was = { used: 1, name: '', topLevel: 40, bottomLevel: 350, tickType: 0, tickMin: 0, tickMax: 0, rows };
    expect(words('keytune', 'dks', [empty], [was], true).en).toEqual(['DKS D0 added: A, F13']);
    expect(words('keytune', 'dks', [was], [{ ...was, topLevel: 120 }], true)).toEqual({
      en: ['DKS D0, Top point: 0.40 mm -> 1.20 mm'],
      zh: ['DKS D0，顶部触发点：0.40 mm → 1.20 mm'],
    });
  });

  it('names a shortcut A2 by its keys and its type in words', () => {
    const was = { used: 1, scType: 0, keyCount: 2, holdTime: 200, name: '', keys: [0xe0, 0x04, 0, 0, 0, 0] };
    expect(words('keytune', 'shortcut', list(2, empty), list(2, was), true).en).toEqual([
      'Shortcut A2 added: LCtrl + A',
    ]);
    expect(words('keytune', 'shortcut', list(2, was), list(2, { ...was, scType: 2, holdTime: 300 }), true)).toEqual({
      en: ['Shortcut A2, Shortcut type: replace -> lock', 'Shortcut A2, Hold time: 200 ms -> 300 ms'],
      zh: ['快捷键 A2，快捷键类型：替换 → 锁定', '快捷键 A2，长按时间：200 毫秒 → 300 毫秒'],
    });
  });

  it('names a hyper tap T0 by its two keys', () => {
    const was = { used: 1, keyA: 0, secondKind: 0, second: 4 };
    expect(words('keytune', 'hypertap', [empty], [was], true)).toEqual({
      en: ['Hyper Tap T0 added: Esc and F'],
      zh: ['已添加双键触发 T0：Esc 和 F'],
    });
  });

  it('summarises an item change for the history list, in the screens’ numbering', () => {
    const was = { used: 1, keyA: 1, keyB: 3, mode: 0 };
    const from = file('keytune', { snaptap: list(3, empty) }, true);
    const to = file('keytune', { snaptap: list(3, was) }, true);
    expect(summarizeDiff(diffBackups(from, to, names), en)).toBe('Snap Tap S3 added: A and D');
  });
});

describe('libhmk’s advanced keys', () => {
  const none = { kind: 'none' };
  it('names a null bind as a snap tap on its slot, with its keys and behaviour', () => {
    const bind = { kind: 'nullBind', layer: 0, keyId: 1, secondaryKeyId: 2, behaviour: 'distance', bottomOutMm: 0 };
    expect(words('libhmk', 'advanced', [none, none], [none, bind], true)).toEqual({
      en: ['Snap Tap S1 added: A and S, deeper press'],
      zh: ['已添加快速切换 S1：A 和 S，按得更深优先'],
    });
  });

  it('names a DKS by its layer from 1, its key and codes', () => {
    const dks = { kind: 'dks', layer: 0, keyId: 3, codes: [0x04, 0x68, 0, 0], actions: [], bottomOutMm: 3.5 };
    expect(words('libhmk', 'advanced', [none], [dks], true)).toEqual({
      en: ['DKS D0 added: Layer 1, key D: A, F13'],
      zh: ['已添加DKS D0：第 1 层，按键 D：A, F13'],
    });
    expect(words('libhmk', 'advanced', [dks], [{ ...dks, layer: 1 }], true).en).toEqual([
      'DKS D0, Layer: Layer 1 -> Layer 2',
    ]);
  });

  it('names a tap-hold by its codes and tapping term, never by raw fields', () => {
    const tapHold = { kind: 'tapHold', layer: 0, keyId: 1, tapCode: 0x04, holdCode: 0xe0, tappingTermMs: 200 };
    const both = words('libhmk', 'advanced', [none, tapHold], [none, { ...tapHold, holdCode: 0x68 }], true);
    expect(both).toEqual({ en: ['Mod-tap A1, Hold: LCtrl -> F13'], zh: ['点按/长按 A1，长按：LCtrl → F13'] });
    expect(words('libhmk', 'advanced', [none], [tapHold], true).en).toEqual([
      'Mod-tap A0 added: Layer 1, key A: tap A, hold LCtrl, 200 ms',
    ]);
  });

  it('tells a slot that changes kind as a replacement', () => {
    const toggle = { kind: 'toggle', layer: 1, keyId: 2, code: 0x16, tappingTermMs: 150 };
    const bind = { kind: 'nullBind', layer: 0, keyId: 1, secondaryKeyId: 2, behaviour: 'last', bottomOutMm: 0 };
    expect(words('libhmk', 'advanced', [bind], [toggle], true).en).toEqual([
      'Toggle A0: A and S, last pressed -> Layer 2, key S: S',
    ]);
  });
});

describe('VIA macros', () => {
  it('names a macro M1 by its steps, codes by name and delays in ms', () => {
    const was = [[], [{ kind: 'tap', code: 0x04 }]];
    const now = [
      [],
      [
        { kind: 'down', code: 0xe0 },
        { kind: 'delay', ms: 50 },
        { kind: 'text', text: 'hi' },
      ],
    ];
    expect(words('via', 'macros', was, now)).toEqual({
      en: ['Macro M1: A -> +LCtrl 50 ms "hi"'],
      zh: ['宏 M1：A → +LCtrl 50 毫秒 "hi"'],
    });
    expect(words('via', 'macros', [[]], [[{ kind: 'tap', code: 0x68 }]]).en).toEqual(['Macro M0 added: F13']);
  });
});

describe('settings, calibration and gamepad', () => {
  it('names our settings with their units', () => {
    const was = { useNKey: 1, useSleep: 1, sleepTime: 5, autoCalibration: 0, reportRate: 0 };
    const now = { ...was, useNKey: 0, sleepTime: 10, reportRate: 2 };
    expect(words('keytune', 'settings', was, now)).toEqual({
      en: ['N-key rollover: on -> off', 'Sleep after: 5 min -> 10 min', 'Report rate: 125 Hz -> 1000 Hz'],
      zh: ['全键无冲：开 → 关', '休眠时间：5 分钟 → 10 分钟', '回报率：125 Hz → 1000 Hz'],
    });
  });

  it('names calibrated keys by name, grouped when several change alike', () => {
    const keys = (n: number) => Array.from({ length: 5 }, (_, k) => ({ min: k < n ? 100 : 200, max: 3000 }));
    expect(words('keytune', 'calibration', { state: 0, keys: keys(0) }, { state: 0, keys: keys(1) })).toEqual({
      en: ['Calibration of key Esc: 200–3000 -> 100–3000'],
      zh: ['按键 Esc 的校准：200–3000 → 100–3000'],
    });
    expect(words('keytune', 'calibration', { state: 0, keys: keys(0) }, { state: 0, keys: keys(3) }).en).toEqual([
      'Calibration on 3 keys: 200–3000 -> 100–3000',
    ]);
    expect(words('libhmk', 'calibration', { rest: 10, bottomOut: 900 }, { rest: 12, bottomOut: 900 }).en).toEqual([
      'Rest value: 10 -> 12',
    ]);
  });

  it('names gamepad buttons by key, curve points from 1 and flags by name', () => {
    const was = { buttons: [0, 0, 3], curve: [{ mm: 0.5, out: 10 }], flags: { squareJoystick: false } };
    const now = { buttons: [0, 2, 3], curve: [{ mm: 0.8, out: 10 }], flags: { squareJoystick: true } };
    expect(words('libhmk', 'gamepad', was, now, true)).toEqual({
      en: [
        'Gamepad button of key A: none -> button 2',
        'Analog curve point 1: output 10 at 0.50 mm -> output 10 at 0.80 mm',
        'Square joystick: off -> on',
      ],
      zh: [
        '按键 A 的手柄按键：无 → 按键 2',
        '模拟曲线第 1 点：0.50 mm 处输出 10 → 0.80 mm 处输出 10',
        '方形摇杆：关 → 开',
      ],
    });
  });

  it('names the XInput option', () => {
    expect(words('libhmk', 'options', { xinput: false }, { xinput: true }).en).toEqual(['XInput gamepad: off -> on']);
  });
});

describe('the key map', () => {
  it('names a cell by its layer from 1 and its key and codes by name', () => {
    const from = file('keytune', {});
    from.profiles[0] = { keymap: [[0x04, 0x04]] };
    const to = structuredClone(from);
    to.profiles[0]!.keymap![0]![1] = 0x68;
    const lines = diffBackups(from, to, names);
    expect(lines.map((l) => formatDiffLine(l, en))).toEqual(['Layer 1, key A: A -> F13']);
    expect(lines.map((l) => formatDiffLine(l, zh))).toEqual(['第 1 层，按键 A：A → F13']);
  });
});

describe('the catalogue', () => {
  it('has every text a known object’s line uses, in both languages', () => {
    expect(warnings).not.toHaveBeenCalled();
    expect(Object.keys(backupZh).sort()).toEqual(Object.keys(backupEn).sort());
  });
});
