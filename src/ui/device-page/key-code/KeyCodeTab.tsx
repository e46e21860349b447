/**
 * The Key code tab (spec-1 §2): the drawing with the shown layer's codes, the layer list, and below it either the
 * key-code picker or, where the device offers advanced keys, the advanced-key area. Picking a code puts it on every selected key with one set_key_info; the
 * drawing shows it at once and the device's answer confirms or rolls it back. The data comes from the device's store
 * (store/device-data.ts). On a virtual keyboard whose keys travel, the drawing can also press keys (press_key) at a
 * chosen depth.
 */
import { useDeviceSpace } from '../../keycode-space';
import { offersAdvancedKeys, pressesToDepth, useDeviceLayout, useFeatures } from '../../device-features';
import { ToggleGroup } from 'radix-ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useT } from '../../../i18n/store';
import { codeLegend, printedLegends } from '../../keyboard/assignment';
import { KeyboardDrawing } from '../../keyboard/KeyboardDrawing';
import { useDeviceState, useServices } from '../../services';
import { KeycodePicker } from '../../widgets/keycode-picker/KeycodePicker';
import { bindKeyword } from './advanced/actions';
import { droppedKeyword, KEYWORD_DRAG_TYPE } from './advanced/keys';
import { noticeHolds, rollBack, withCodes, type KeyValueInfo, type Notice } from './key-values';
import { LayerList } from './LayerList';
import { PRESS_DEPTH, PressPanel } from './press/PressPanel';
import { usePressKeys } from './press/use-press-keys';
import { useKeyValues } from './use-key-values';
import '../../styles/keymap.css';

const AdvancedArea = lazy(() => import('./advanced/AdvancedArea'));

type EditMode = 'code' | 'adv';
/** The tab's status lines, and those of a code picked while the key map is still being read. */
type TabNotice = Notice | { tone: 'waiting' | 'unread'; code: number };

const NOTICE_CLASS: Record<TabNotice['tone'] | 'info', string> = {
  info: 'info',
  waiting: 'info',
  hint: 'hint',
  unread: 'hint',
  done: 'done',
};

/** The layer the drawing shows: the one the user chose, else the one the device reports as current. */
function shownLayer(chosen: number | undefined, info: KeyValueInfo | undefined): number {
  const count = info?.kcm_size ?? 0;
  return Math.max(0, Math.min(chosen ?? info?.kcm_index ?? 0, Math.max(count - 1, 0)));
}
export default function KeyCodeTab({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const layout = useDeviceLayout(path);
  const features = useFeatures(path);
  // Keys are pressed to a depth only on a virtual keyboard whose keys travel (analog keys).
  const virtual =
    useDeviceState((s) => s.devices.find((d) => d.path === path)?.virtual) === true && pressesToDepth(features);
  const advanced = offersAdvancedKeys(features);
  const { state, data, reload } = useKeyValues(path);
  const info = state.status === 'ready' ? state.info : undefined;

  const [chosenLayer, setChosenLayer] = useState<number | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [chosenMode, setEditMode] = useState<EditMode>('code');
  const editMode: EditMode = advanced ? chosenMode : 'code';
  const [notice, setNotice] = useState<TabNotice | undefined>(undefined);
  const [pressing, setPressing] = useState(false);
  const [depth, setDepth] = useState<number>(PRESS_DEPTH.default);

  const layerCount = info?.kcm_size ?? 0;
  const layer = shownLayer(chosenLayer, info);
  const codes = info?.keycodes[layer];
  const deviceSpace = useDeviceSpace(path);
  const space = deviceSpace.space;
  const printed = useMemo(() => printedLegends(layout, space), [layout, space]);
  const keyLabel = useCallback((id: number) => printed.get(id) ?? `#${id}`, [printed]);

  const shownNotice = notice && (notice.tone !== 'done' || noticeHolds(notice, layer, codes)) ? notice : undefined;

  const switchLayer = async (next: number) => {
    const previous = layer;
    setChosenLayer(next);
    setSwitching(true);
    const result = await data.changeKeyValues(client.setKeyInfo({ path, index: next }));
    setSwitching(false);
    if (!result.ok) setChosenLayer(previous);
  };

  const resetLayer = async (which: number) => {
    await data.changeKeyValues(client.setKeyInfo({ path, index: which, reset: 'layer' }));
  };

  const press = usePressKeys(path, depth, virtual && pressing);

  const assign = async (code: number) => {
    if (selected.length === 0) {
      setNotice({ tone: 'hint' });
      return;
    }
    const ids = [...selected];
    // A pick made while the key map is still being read waits for it (the drawing says so), then goes on the layer
    // the read shows; if the read fails, the tab says the code was not set instead of dropping it.
    let loaded = info;
    if (!loaded) {
      setNotice({ tone: 'waiting', code });
      const settled = await data.keyValuesSettled();
      if (settled.status !== 'ready') {
        setNotice({ tone: 'unread', code });
        return;
      }
      loaded = settled.value;
    }
    const at = shownLayer(chosenLayer, loaded);
    const held = loaded.keycodes[at] ?? [];
    const before = new Map(ids.flatMap((id) => (held[id] === undefined ? [] : [[id, held[id]] as const])));
    data.patchKeyValues((current) => withCodes(current, at, ids, code));
    setNotice(undefined);
    const result = await data.changeKeyValues(client.setKeyInfo({ path, index: at, select: ids, code }));
    if (result.ok) setNotice({ tone: 'done', code, layer: at, keys: ids });
    else data.patchKeyValues((current) => rollBack(current, at, before, code));
  };

  // An advanced-key card dropped on a key binds to that key alone, whatever is selected.
  const cardDrop = {
    types: [KEYWORD_DRAG_TYPE],
    onDrop(keyId: number, data: DataTransfer) {
      const keyword = droppedKeyword(data);
      if (keyword) void bindKeyword(client, path, layer, [keyId], keyword);
    },
  };

  return (
    <div className="keycode-tab" data-path={path}>
      <div className="keycode-tab__top">
        {info && (
          <LayerList
            count={layerCount}
            current={layer}
            busy={switching}
            onSwitch={(next) => void switchLayer(next)}
            onReset={resetLayer}
          />
        )}
        <section className="panel keycode-tab__board">
          <div className="keycode-tab__head">
            {advanced && (
              <ToggleGroup.Root
                type="single"
                className="segmented"
                aria-label={t('keymap.mode.label')}
                value={editMode}
                onValueChange={(v) => {
                  if (v === 'code' || v === 'adv') setEditMode(v);
                }}
              >
                <ToggleGroup.Item value="code" className="segmented__item">
                  {t('keymap.mode.code')}
                </ToggleGroup.Item>
                <ToggleGroup.Item value="adv" className="segmented__item">
                  {t('keymap.mode.adv')}
                </ToggleGroup.Item>
              </ToggleGroup.Root>
            )}
            {state.status === 'loading' && (
              <span className="keycode-tab__status" role="status">
                {t('keymap.loading')}
              </span>
            )}
            {state.status === 'failed' && (
              <span className="keycode-tab__status keycode-tab__status--error" role="alert">
                {t('keymap.load.failed')}{' '}
                <button type="button" className="button button--secondary button--small" onClick={() => void reload()}>
                  {t('keymap.load.retry')}
                </button>
              </span>
            )}
          </div>
          {layout && virtual && <PressPanel on={pressing} depth={depth} onToggle={setPressing} onDepth={setDepth} />}
          {layout && (
            <KeyboardDrawing
              space={space}
              layout={layout}
              mode={editMode === 'code' ? 'key_code' : 'key_adv'}
              useMode={1}
              selected={selected}
              onSelectionChange={(ids) => {
                setSelected(ids);
                setNotice((n) => (n?.tone === 'hint' && ids.length > 0 ? undefined : n));
              }}
              codes={codes}
              funcLists={info}
              {...(editMode === 'adv' && !press ? { drop: cardDrop } : {})}
              {...(press ? { press } : {})}
            />
          )}
        </section>
      </div>
      <section className="panel keycode-tab__bottom">
        {editMode === 'code' ? (
          <>
            <p
              className={`keycode-tab__notice keycode-tab__notice--${NOTICE_CLASS[shownNotice?.tone ?? 'info']}`}
              role="status"
            >
              {shownNotice?.tone === 'done'
                ? t('keymap.assigned', codeLegend(shownNotice.code, space), shownNotice.keys.length)
                : shownNotice?.tone === 'waiting'
                  ? t('keymap.pick.waiting', codeLegend(shownNotice.code, space))
                  : shownNotice?.tone === 'unread'
                    ? t('keymap.pick.unread', codeLegend(shownNotice.code, space))
                    : shownNotice?.tone === 'hint'
                      ? t('keymap.hint.select')
                      : t('keymap.hint.how')}
            </p>
            <KeycodePicker onPick={(code) => void assign(code)} space={deviceSpace} />
          </>
        ) : (
          <Suspense fallback={<p className="keycode-tab__status">{t('keymap.adv.loading')}</p>}>
            <AdvancedArea path={path} selectedKeys={selected} layer={layer} keyLabel={keyLabel} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
