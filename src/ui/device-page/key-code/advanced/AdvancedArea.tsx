/**
 * The advanced-key area of the Key code tab (spec-1 §2): tabs all, dks, shortcut, macro, snaptap and hypertap, an add
 * control per tab, a card per item, and the edit, rename and delete dialogs. The lists come from the device
 * (get_key_func_info and its event); nothing is kept locally after a save.
 */
import '../../../styles/advanced.css';
import './texts';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { ADVANCED_TYPE_NAMES, type AdvancedItem } from '../../../../core/advanced-keys';
import type { AdvancedType } from '../../../../core/capabilities';
import { useT } from '../../../../i18n/store';
import { useServices } from '../../../services';
import { bindKeyword, deleteItem, moveItem, placeOf, saveItem, showRefusal } from './actions';
import { AddControl } from './AddControl';
import { EditorHost } from './EditorHost';
import { itemsOfType, roomFor, type FuncInfo, type FuncInfoPayload } from './func-info';
import { GamepadPreview } from './GamepadPreview';
import { ItemCard } from './ItemCard';
import { DeleteDialog, RenameDialog } from './ItemDialogs';
import { itemKeyword } from './keys';
import { TYPE_LABEL } from './labels';
import { newItem } from './new-items';
import { useDeviceRecord, useRulesOf } from '../../../device-features';
import { DeviceSpaceContext, useDeviceSpace } from '../../../keycode-space';
import { useFuncInfo } from './use-func-info';

export interface AdvancedAreaProps {
  path: string;
  selectedKeys: number[];
  layer: number;
  keyLabel(keyId: number): string;
  /** The get_key_func_info payload when the caller already follows it; otherwise the area loads it. */
  funcInfo?: FuncInfoPayload;
  onChanged?(): void;
}

type AreaTab = 'all' | AdvancedType;
const TABS: readonly AreaTab[] = ['all', ...ADVANCED_TYPE_NAMES];
const BOUND_TYPES: readonly AdvancedType[] = ['dks', 'shortcut', 'macro'];
const FREE_TYPES: readonly AdvancedType[] = ['snaptap', 'hypertap'];

type DialogState =
  | { kind: 'edit'; item: AdvancedItem }
  | { kind: 'rename'; item: AdvancedItem }
  | { kind: 'delete'; item: AdvancedItem }
  | { kind: 'gamepad' }
  | null;

type Hint = { text: string; tone: 'info' | 'warn' | 'done' };

const isAreaTab = (v: string): v is AreaTab => (TABS as readonly string[]).includes(v);
const SELECTION_PREVIEW = 6;

export default function AdvancedArea(props: AdvancedAreaProps) {
  const { path, selectedKeys, layer, keyLabel, onChanged } = props;
  const t = useT();
  const { client } = useServices();
  const device = useDeviceRecord(path);
  const caps = useRulesOf(device);
  const deviceSpace = useDeviceSpace(path);
  const state = useFuncInfo(path, props.funcInfo);
  const [tab, setTab] = useState<AreaTab>('all');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<Hint | undefined>(undefined);

  const run = async (work: () => Promise<boolean>): Promise<boolean> => {
    setBusy(true);
    try {
      const ok = await work();
      if (ok) onChanged?.();
      return ok;
    } finally {
      setBusy(false);
    }
  };

  const closeAfter = async (work: () => Promise<boolean>) => {
    if (await run(work)) setDialog(null);
  };

  const add = (info: FuncInfo, type: AdvancedType) => {
    const room = roomFor(info, type);
    if (!room.ok) {
      showRefusal(room);
      return;
    }
    setDialog({ kind: 'edit', item: newItem(type, info, deviceSpace.space) });
  };

  const bind = async (item: AdvancedItem) => {
    if (selectedKeys.length === 0) {
      setHint({ text: t('adv.bind.none'), tone: 'warn' });
      return;
    }
    const keyword = itemKeyword(item);
    if (placeOf(item)) {
      // The item names the one key it sits on: Bind moves it there.
      const [keyId] = selectedKeys;
      if (selectedKeys.length !== 1 || keyId === undefined) {
        setHint({ text: t('adv.bind.one'), tone: 'warn' });
        return;
      }
      if (await run(() => moveItem(client, path, item, layer, keyId)))
        setHint({ text: t('adv.bind.moved', keyword, keyLabel(keyId), layer + 1), tone: 'done' });
      return;
    }
    if (await run(() => bindKeyword(client, path, layer, selectedKeys, keyword))) {
      setHint({ text: t('adv.bind.done', keyword, selectedKeys.length), tone: 'done' });
    }
  };

  const selection =
    selectedKeys.length === 0
      ? t('adv.selection.none')
      : t(
          'adv.selection.some',
          selectedKeys.length,
          selectedKeys.slice(0, SELECTION_PREVIEW).map(keyLabel).join(', ') +
            (selectedKeys.length > SELECTION_PREVIEW ? ', …' : ''),
        );

  const cards = (items: readonly AdvancedItem[]) => (
    <div className="adv-cards">
      {items.map((item) => (
        <ItemCard
          key={`${item.type}-${item.id_num}`}
          item={item}
          keyLabel={keyLabel}
          onBind={(i) => void bind(i)}
          onEdit={(i) => setDialog({ kind: 'edit', item: i })}
          onRename={(i) => setDialog({ kind: 'rename', item: i })}
          onDelete={(i) => setDialog({ kind: 'delete', item: i })}
        />
      ))}
    </div>
  );

  const group = (info: FuncInfo, title: string, description: string, types: readonly AdvancedType[]) => {
    const items = types.flatMap((type) => itemsOfType(info, type));
    return (
      <section className="adv-group" aria-label={title}>
        <h3 className="adv-group__title">{title}</h3>
        <p className="adv-group__text">{description}</p>
        {items.length > 0 ? cards(items) : <p className="adv-empty">{t('adv.group.empty')}</p>}
      </section>
    );
  };

  const typePanel = (info: FuncInfo, type: AdvancedType) => {
    if (!info.types.includes(type)) return <p className="adv-empty">{t('adv.type.unavailable')}</p>;
    const items = info.lists[type];
    return (
      <>
        <p className="adv-group__text">{t(`adv.type.${type}.desc`)}</p>
        <p className="adv-count">{t('adv.count', items.length, info.size[type])}</p>
        {items.length > 0 ? cards(items) : <p className="adv-empty">{t('adv.type.empty', t(TYPE_LABEL[type]))}</p>}
      </>
    );
  };

  let body;
  if (state.status === 'loading') {
    body = (
      <p className="adv-empty" role="status">
        {t('adv.loading')}
      </p>
    );
  } else if (state.status === 'failed') {
    body = (
      <div className="adv-empty" role="alert">
        <p>{t('adv.load.failed')}</p>
        <button type="button" className="button button--secondary button--small" onClick={state.reload}>
          {t('adv.load.retry')}
        </button>
      </div>
    );
  } else if (!state.info.enabled) {
    body = <p className="adv-empty">{t('adv.disabled')}</p>;
  } else {
    const info = state.info;
    body = (
      <Tabs.Root
        className="adv-tabs"
        value={tab}
        onValueChange={(v) => {
          if (isAreaTab(v)) setTab(v);
        }}
      >
        <div className="adv-tabs__bar">
          <Tabs.List className="adv-tabs__list" aria-label={t('adv.tabs.label')}>
            {TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="tab-bar__tab adv-tabs__tab" data-tab={id}>
                {id === 'all' ? t('adv.tab.all') : t(TYPE_LABEL[id])}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <AddControl tab={tab} info={info} onAdd={(type) => add(info, type)} />
        </div>
        <Tabs.Content value="all" className="adv-tabs__panel">
          {group(info, t('adv.group.bound'), t('adv.group.bound.desc'), BOUND_TYPES)}
          {group(info, t('adv.group.free'), t('adv.group.free.desc'), FREE_TYPES)}
        </Tabs.Content>
        {ADVANCED_TYPE_NAMES.map((type) => (
          <Tabs.Content key={type} value={type} className="adv-tabs__panel">
            {typePanel(info, type)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    );
  }

  const info = state.status === 'ready' ? state.info : undefined;

  return (
    <DeviceSpaceContext.Provider value={deviceSpace}>
      <section className="adv" aria-labelledby="adv-title" data-path={path}>
        <header className="adv__header">
          <div>
            <h2 className="adv__title" id="adv-title">
              {t('adv.title')}
            </h2>
            <p className="adv__selection">{selection}</p>
          </div>
          {/* The preview stands in where the keyboard has no gamepad of its own (a Gamepad tab). */}
          {!device?.features.gamepad && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setDialog({ kind: 'gamepad' })}
            >
              {t('adv.gamepad.open')}
            </button>
          )}
        </header>
        <p className={`adv-hint adv-hint--${hint?.tone ?? 'info'}`} role="status" aria-live="polite">
          {hint?.text ?? t('adv.bind.how')}
        </p>
        {body}

        {dialog?.kind === 'edit' && info && (
          <EditorHost
            item={dialog.item}
            info={info}
            caps={caps}
            path={path}
            layout={device?.layout ?? null}
            {...(device ? { advanced: device.features.advanced } : {})}
            {...(device?.features.performance ? { minTravelMm: device.features.performance.minTravelMm } : {})}
            busy={busy}
            selectedCount={dialog.item.id_num < 0 ? selectedKeys.length : 0}
            onSave={(item) => void closeAfter(() => saveItem(client, path, item, selectedKeys))}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'rename' && (
          <RenameDialog
            item={dialog.item}
            busy={busy}
            onSave={(name) => void closeAfter(() => saveItem(client, path, { ...dialog.item, name }))}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'delete' && (
          <DeleteDialog
            item={dialog.item}
            busy={busy}
            onConfirm={() => void closeAfter(() => deleteItem(client, path, dialog.item))}
            onCancel={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'gamepad' && <GamepadPreview onClose={() => setDialog(null)} />}
      </section>
    </DeviceSpaceContext.Provider>
  );
}
