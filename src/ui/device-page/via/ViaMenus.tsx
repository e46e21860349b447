/**
 * The definition's own menus (v3 `menus`) drawn as controls: toggles, ranges, dropdowns, colours and key codes, each
 * bound to a custom value (channel, value id, bytes). A change is written, read back and saved on the keyboard. A
 * value the keyboard does not answer for is shown as such. Labels are the definition's own words. A control or section
 * with a `showIf` is drawn only while it holds over the values shown (an effect's speed only when an effect is on), and
 * appears or goes as soon as the value it depends on is changed.
 */
import { useMemo, useState } from 'react';
import type { ViaMenu, ViaMenuControl } from '../../../contract/areas/via';
import { spaceOf } from '../../../core/keycode-spaces';
import { showIf } from '../../../core/show-if';
import { useLanguage, useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useDeviceRecord } from '../../device-features';
import { useServices } from '../../services';
import { OnOff } from '../../widgets/OnOff';
import { Slider } from '../../widgets/slider/Slider';
import { HueSaturation } from './HueSaturation';
import { codeChoice } from './macro-words';
import { ReadState, refusalText, Select, useViaRead } from './via-shared';

/** A value's bytes as one number (VIA sends the high byte first) and back. */
export const bytesToNumber = (bytes: readonly number[]) => bytes.reduce((v, b) => v * 256 + b, 0);
export const numberToBytes = (value: number, count: number) =>
  Array.from({ length: count }, (_, i) => Math.floor(value / 256 ** (count - 1 - i)) % 256);

const numbers = (o: unknown): number[] | undefined =>
  Array.isArray(o) && o.every((v) => typeof v === 'number') ? (o as number[]) : undefined;

/** Every control's value by its name, as one number, for the `showIf` expressions. */
function valuesByName(menus: readonly ViaMenu[]): Map<string, number> {
  const values = new Map<string, number>();
  for (const menu of menus)
    for (const section of menu.sections)
      for (const c of section.controls)
        if (c.value !== null && !values.has(c.name)) values.set(c.name, bytesToNumber(c.value));
  return values;
}

/** Dropdown choices: ["A", "B"] are 0, 1…; [["A", 5], ["B", 9]] carry their values. */
function dropdownChoices(options: unknown): { value: number; label: string }[] {
  if (!Array.isArray(options)) return [];
  return options.map((o, i) =>
    Array.isArray(o)
      ? { label: String(o[0]), value: typeof o[1] === 'number' ? o[1] : i }
      : { label: String(o), value: i },
  );
}

function KeycodeControl({
  path,
  label,
  code,
  disabled,
  onPick,
}: {
  path: string;
  label: string;
  code: number;
  disabled: boolean;
  onPick(code: number): void;
}) {
  const language = useLanguage();
  const record = useDeviceRecord(path);
  const options = useMemo(() => {
    if (!record) return [];
    const space = spaceOf(record.features.keycodeSpace);
    const opts = { layers: record.features.layers, macros: record.features.macroBuffer?.count ?? 0 };
    const groups = new Map(space.categories.map((c) => [c.id, language === 'zh_CN' ? c.zh : c.en]));
    const list = space.catalogue(opts).filter((k) => !k.compose);
    if (!list.some((k) => k.code === code)) list.unshift(space.describe(code, opts));
    return list.map((k) => ({
      value: k.code,
      label: codeChoice(k, language === 'zh_CN'),
      group: groups.get(k.category) ?? k.category,
    }));
  }, [record, code, language]);
  return <Select label={label} value={code} options={options} disabled={disabled} onChange={onPick} />;
}

function Control({
  path,
  control,
  onValue,
}: {
  path: string;
  control: ViaMenuControl;
  onValue(value: number[]): void;
}) {
  const t = useT();
  const { client } = useServices();
  const [draft, setDraft] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { value, bytes, type, label } = control;
  const disabled = busy || value === null;

  const write = async (next: number[]) => {
    setBusy(true);
    const set = await attempt(
      client.viaSetCustomValue({ path, channel: control.channel, id: control.value_id, value: next }),
    );
    const saved = set.ok ? await attempt(client.viaSaveCustomValues({ path, channel: control.channel })) : set;
    setBusy(false);
    setDraft(undefined);
    if (set.ok) onValue(set.value);
    setProblem(saved.ok ? undefined : refusalText(t, saved.error));
  };
  const writeNumber = (n: number) => void write(numberToBytes(n, bytes));
  const current = value === null ? 0 : bytesToNumber(value);

  let body;
  if (type === 'toggle') {
    const [off, on] = numbers(control.options) ?? [0, 1];
    body = (
      <OnOff label={label} checked={current === on} disabled={disabled} onChange={(v) => writeNumber(v ? on! : off!)} />
    );
  } else if (type === 'range') {
    const [min, max] = numbers(control.options) ?? [0, 2 ** (8 * bytes) - 1];
    body = (
      <Slider
        label={label}
        value={draft ?? current}
        min={min!}
        max={max!}
        step={1}
        disabled={disabled}
        onChange={setDraft}
        onCommit={writeNumber}
      />
    );
  } else if (type === 'dropdown') {
    body = (
      <Select
        label={label}
        value={current}
        options={dropdownChoices(control.options)}
        disabled={disabled}
        onChange={writeNumber}
      />
    );
  } else if (type === 'color') {
    body = (
      <HueSaturation
        label={label}
        hue={value?.[0] ?? 0}
        saturation={value?.[1] ?? 0}
        disabled={disabled}
        onCommit={(h, s) => void write([h, s])}
      />
    );
  } else if (type === 'keycode') {
    body = (
      <KeycodeControl
        path={path}
        label={label}
        code={current}
        disabled={disabled}
        onPick={(c) => void write(numberToBytes(c, 2))}
      />
    );
  } else return null;

  return (
    <div className="via-control" data-control={type}>
      {body}
      {value === null && <p className="via-muted">{t('via.menus.unavailable')}</p>}
      {problem && (
        <p className="via-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

export function ViaMenus({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const { state, reload, set } = useViaRead(() => client.viaGetMenus({ path }), [client, path]);
  // Two controls may draw the same value (a toggle and a dropdown of one effect): both show what the keyboard holds.
  const update = (menus: ViaMenu[], changed: ViaMenuControl, value: number[]) =>
    set(
      menus.map((menu) => ({
        ...menu,
        sections: menu.sections.map((section) => ({
          ...section,
          controls: section.controls.map((c) =>
            c.channel === changed.channel && c.value_id === changed.value_id && c.bytes === value.length
              ? { ...c, value }
              : c,
          ),
        })),
      })),
    );
  return (
    <section className="via-section" aria-labelledby="via-menus-title">
      <h2 className="panel__title" id="via-menus-title">
        {t('via.menus.title')}
      </h2>
      <ReadState state={state} reload={() => void reload()}>
        {(menus) => {
          const values = valuesByName(menus);
          return (
            <div className="via-grid">
              {menus.map((menu, m) => (
                <section key={m} className="via-card" aria-label={menu.label}>
                  <h3 className="via-card__title">{menu.label}</h3>
                  {menu.sections.map((section, s) =>
                    showIf(section.show_if, values) ? (
                      <div key={s} className="via-menu-section">
                        {section.label && <h4 className="via-menu-section__title">{section.label}</h4>}
                        {section.controls.map((control, c) =>
                          showIf(control.show_if, values) ? (
                            <Control
                              key={`${c}:${control.name}`}
                              path={path}
                              control={control}
                              onValue={(v) => update(menus, control, v)}
                            />
                          ) : null,
                        )}
                      </div>
                    ) : null,
                  )}
                </section>
              ))}
            </div>
          );
        }}
      </ReadState>
    </section>
  );
}
