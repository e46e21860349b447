/**
 * The keyboard drawing every device tab shows (spec-1 §2, §4): the model's SVG as React SVG scaled to its container,
 * keys selectable by click, sweep, rectangle and keyboard, a context menu of each key's assignment and a tooltip on
 * advanced keys. What a key shows is the caller's: `keyLabel`, `keyFill`, `renderKey`, `keyDescription`.
 */
import { ContextMenu } from 'radix-ui';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { DeviceLayout } from '../../core/device-features';
import type { KeycodeSpace } from '../../core/keycode-spaces/types';
import { tx } from '../../i18n/sections/keycode-extra';
import { useLanguage, useT } from '../../i18n/store';
import {
  advancedOf,
  advancedSummary,
  assignmentInfo,
  codeDescription,
  codeLegend,
  keyUseMark,
  keyUses,
  keyUseSummary,
  printedLegends,
  type FuncLists,
} from './assignment';
import { useContextSpace } from '../keycode-space';
import { neighbour, rowsOf, type Direction, type KeyRect } from './geometry';
import { KeyMenuContent } from './KeyMenu';
import { KeyShape } from './KeyShape';
import { useDrawing } from './load-drawing';
import {
  MODE_USE,
  normaliseSelection,
  reverseSelection,
  sameSelection,
  selectAll,
  toggleKey,
  type DrawingMode,
  type UseMode,
} from './modes';
import { SelectionBar } from './SelectionBar';
import { keyIdOf, usePointerSelect } from './use-pointer-select';
import '../styles/keymap.css';

export interface KeyboardDrawingProps {
  /** The device's layout (DeviceRecord.layout): its drawing file, or its keys to draw. */
  layout: DeviceLayout | null;
  /**
   * The device's key-code space: legends, printed legends, descriptions and the context menu come from it. Default:
   * the space of the device whose screens are open (DeviceSpaceContext).
   */
  space?: KeycodeSpace;
  mode: DrawingMode;
  /** Overrides the mode's selection rule: 0 single, 1 multi, null none. */
  useMode?: UseMode;
  /** Selected key ids; leave out to let the drawing keep its own selection. */
  selected?: readonly number[];
  /** Called on every change of the selection, with the sorted ids. */
  onSelectionChange?(ids: number[]): void;
  /** The code of every key on the shown layer; enables legends, the context menu and advanced-key tooltips. */
  codes?: readonly number[];
  /** Advanced-key lists for the tooltips. */
  funcLists?: FuncLists;
  /**
   * What a key is called where its layout prints no legend (a VIA definition's keys): a screen other than the Key
   * code tab names keys by their first layer's codes, so no key is only "#30".
   */
  keyPrinted?(keyId: number): string | undefined;
  /** Text on the key; default: the legend of its code, else its printed legend. */
  keyLabel?(keyId: number): string | undefined;
  /** Cap colour (any CSS colour); default: the theme's key colour. */
  keyFill?(keyId: number): string | undefined;
  /** Extra SVG drawn on top of the key (bars, marks), in drawing coordinates. */
  renderKey?(keyId: number, rect: KeyRect): ReactNode;
  /** What the key does, in words, for its accessible name; default: from its code. */
  keyDescription?(keyId: number): string | undefined;
  /** Accessible name of the drawing. */
  label?: string;
  /** Dropping onto keys: the data types accepted, and what a drop on a key does. */
  drop?: KeyDrop;
  /**
   * Pressing keys instead of selecting them (a virtual keyboard): a pointer held on a key, or Space or Enter held on
   * the focused key, presses it until released.
   */
  press?: KeyPress;
  /** Colour of the keyboard body's edge (the lighting tabs' outer-frame and ambient preview); default: the theme's. */
  frameColour?: string;
}

export interface KeyPress {
  onPress(keyId: number): void;
  onRelease(keyId: number): void;
  /** The key's accessible name while pressing, from its printed legend. */
  keyName(legend: string): string;
}

export interface KeyDrop {
  types: readonly string[];
  onDrop(keyId: number, data: DataTransfer): void;
}

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function KeyboardDrawing(props: KeyboardDrawingProps) {
  const { layout, mode, codes, funcLists, keyLabel, keyFill, renderKey, keyDescription, onSelectionChange } = props;
  const contextSpace = useContextSpace().space;
  const space = props.space ?? contextSpace;
  const t = useT();
  const language = useLanguage();
  const drawing = useDrawing(layout);
  const geometry = drawing.status === 'ready' ? drawing.geometry : undefined;
  const keys = useMemo(() => geometry?.keys ?? [], [geometry]);
  const allIds = useMemo(() => keys.map((k) => k.id), [keys]);
  const rows = useMemo(() => rowsOf(keys), [keys]);
  const press = props.press;
  const useMode = press ? null : props.useMode !== undefined ? props.useMode : MODE_USE[mode];
  const uses = useMemo(() => keyUses(funcLists), [funcLists]);
  // The key held down by the pointer or the keyboard, released on the matching up (or when the drawing loses it).
  const [heldKey, setHeldKey] = useState<number | undefined>(undefined);
  const heldRef = useRef<number | undefined>(undefined);
  const pressRef = useRef(press);
  pressRef.current = press;
  const hold = (id: number) => {
    if (heldRef.current === id) return;
    if (heldRef.current !== undefined) pressRef.current?.onRelease(heldRef.current);
    heldRef.current = id;
    setHeldKey(id);
    pressRef.current?.onPress(id);
  };
  const letGo = () => {
    const id = heldRef.current;
    if (id === undefined) return;
    heldRef.current = undefined;
    setHeldKey(undefined);
    pressRef.current?.onRelease(id);
  };
  // A key still held when pressing is turned off or the drawing goes away is released.
  const pressOn = press !== undefined;
  useEffect(() => {
    if (!pressOn) letGo();
  }, [pressOn]);
  useEffect(() => () => letGo(), []);

  const [ownSelection, setOwnSelection] = useState<number[]>([]);
  const selection = useMemo(
    () => normaliseSelection(props.selected ?? ownSelection, allIds, useMode),
    [props.selected, ownSelection, allIds, useMode],
  );
  // Events of one drag arrive faster than renders; they read and write the latest selection here.
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  const commit = useCallback(
    (next: number[]) => {
      if (sameSelection(next, selectionRef.current)) return;
      selectionRef.current = next;
      setOwnSelection(next);
      onSelectionChange?.(next);
    },
    [onSelectionChange],
  );

  const [focusedId, setFocusedId] = useState<number | undefined>(undefined);
  const [focusRing, setFocusRing] = useState(false);
  const pointerRef = useRef(false);
  const tabbableId = focusedId !== undefined && allIds.includes(focusedId) ? focusedId : (selection[0] ?? allIds[0]);
  const keyEls = useRef(new Map<number, SVGGElement>());
  const refCallbacks = useRef(new Map<number, (el: SVGGElement | null) => void>());
  const refFor = (id: number) => {
    let cb = refCallbacks.current.get(id);
    if (!cb) {
      cb = (el) => {
        if (el) keyEls.current.set(id, el);
        else keyEls.current.delete(id);
      };
      refCallbacks.current.set(id, cb);
    }
    return cb;
  };

  const moveFocus = (id: number | undefined) => {
    if (id === undefined) return;
    setFocusedId(id);
    keyEls.current.get(id)?.focus();
  };

  const svgRef = useRef<SVGSVGElement>(null);
  const selectPointer = usePointerSelect({
    svgRef,
    geometry,
    useMode,
    selectionRef,
    commit,
    onPressKey: setFocusedId,
  });
  const pointer = press
    ? {
        box: null,
        handlers: {
          onPointerDown(e: PointerEvent<SVGSVGElement>) {
            const id = keyIdOf(e.target);
            if (e.button !== 0 || id === undefined) return;
            setFocusedId(id);
            try {
              e.currentTarget.setPointerCapture(e.pointerId);
            } catch {
              // Synthetic pointers have no capture.
            }
            hold(id);
          },
          onPointerUp: letGo,
          onPointerCancel: letGo,
          onLostPointerCapture: letGo,
        },
      }
    : selectPointer;

  const physical = useMemo(() => printedLegends(layout, space), [layout, space]);
  const legendOf = (id: number) => physical.get(id) ?? props.keyPrinted?.(id) ?? `#${id}`;
  const codeOf = (id: number) => codes?.[id];

  const openMenuFor = (id: number) => {
    const el = keyEls.current.get(id);
    if (!el) return;
    const r = el.getBoundingClientRect();
    el.dispatchEvent(
      new MouseEvent('contextmenu', {
        bubbles: true,
        cancelable: true,
        clientX: r.left + r.width / 2,
        clientY: r.top + r.height / 2,
      }),
    );
  };

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const id = keyIdOf(e.target);
    if (id === undefined) return;
    pointerRef.current = false;
    setFocusRing(true);
    const direction = ARROWS[e.key];
    if (press && (e.key === ' ' || e.key === 'Enter')) {
      e.preventDefault();
      if (!e.repeat) hold(id);
    } else if (direction) {
      if (press) letGo();
      e.preventDefault();
      moveFocus(neighbour(keys, id, direction));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      moveFocus(e.key === 'Home' ? allIds[0] : allIds[allIds.length - 1]);
    } else if ((e.key === ' ' || e.key === 'Enter') && useMode !== null) {
      e.preventDefault();
      commit(toggleKey(selectionRef.current, id, useMode));
    } else if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey) && useMode === 1) {
      e.preventDefault();
      commit(selectAll(allIds));
    } else if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
      e.preventDefault();
      if (codes) openMenuFor(id);
    }
  };

  const [dropKey, setDropKey] = useState<number | undefined>(undefined);
  const dropKeyOf = (e: DragEvent<SVGSVGElement>): number | undefined => {
    if (!props.drop || !Array.from(e.dataTransfer.types).some((type) => props.drop!.types.includes(type)))
      return undefined;
    return keyIdOf(e.target);
  };

  const [menuKey, setMenuKey] = useState<number | undefined>(undefined);
  const menuCode = menuKey !== undefined ? codeOf(menuKey) : undefined;

  if (drawing.status === 'loading')
    return (
      <div className="kb kb--loading" aria-busy="true">
        <span className="kb__status">{t('keymap.drawing.loading')}</span>
      </div>
    );
  if (!geometry)
    return (
      <div className="kb kb--empty">
        <span className="kb__status">{t('keymap.drawing.none')}</span>
      </div>
    );

  const vb = geometry.viewBox;
  const body = geometry.body;
  return (
    <div
      className="kb"
      data-mode={mode}
      data-fallback={drawing.status === 'ready' && drawing.fallback ? 'true' : undefined}
    >
      {useMode === 1 && (
        <SelectionBar
          selectedCount={selection.length}
          keyCount={keys.length}
          onSelectAll={() => commit(selectAll(allIds))}
          onReverse={() => commit(reverseSelection(allIds, selectionRef.current))}
          onUnselect={() => commit([])}
        />
      )}
      <ContextMenu.Root>
        <ContextMenu.Trigger
          asChild
          disabled={!codes}
          onContextMenu={(e) => {
            const id = keyIdOf(e.target);
            if (id === undefined) e.preventDefault();
            else setMenuKey(id);
          }}
        >
          <svg
            ref={svgRef}
            className="kb__svg"
            viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
            width="100%"
            role={press ? 'group' : 'grid'}
            aria-label={props.label ?? t('keymap.drawing.label')}
            aria-multiselectable={useMode === 1 ? true : undefined}
            data-selectable={useMode === null ? 'false' : 'true'}
            data-pressing={press ? 'true' : undefined}
            {...pointer.handlers}
            onKeyUp={(e) => {
              if (press && (e.key === ' ' || e.key === 'Enter')) letGo();
            }}
            onPointerDownCapture={() => {
              pointerRef.current = true;
              setFocusRing(false);
            }}
            onKeyDown={onKeyDown}
            onDragOver={(e) => {
              const id = dropKeyOf(e);
              if (id === undefined) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'copy';
              if (id !== dropKey) setDropKey(id);
            }}
            onDragLeave={(e) => {
              if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)))
                setDropKey(undefined);
            }}
            onDrop={(e) => {
              const id = dropKeyOf(e);
              setDropKey(undefined);
              if (id === undefined) return;
              e.preventDefault();
              props.drop?.onDrop(id, e.dataTransfer);
            }}
            onFocus={(e) => {
              const id = keyIdOf(e.target);
              if (id !== undefined) setFocusedId(id);
              setFocusRing(!pointerRef.current);
            }}
            onBlur={(e) => {
              // Only leaving the drawing ends a pointer interaction; moving between keys keeps it.
              if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
              if (press && !pointerRef.current) letGo();
              pointerRef.current = false;
              setFocusRing(false);
            }}
          >
            {body && (
              <rect
                className="kb__body"
                x={body.x}
                y={body.y}
                width={body.w}
                height={body.h}
                rx={body.rx}
                aria-hidden="true"
                data-frame-colour={props.frameColour}
                style={props.frameColour ? { stroke: props.frameColour, strokeWidth: 6 } : undefined}
              />
            )}
            {rows.map((row) => (
              <g role={press ? 'presentation' : 'row'} key={row[0]!.id}>
                {row.map((rect) => {
                  const id = rect.id;
                  const code = codeOf(id);
                  const label = keyLabel?.(id) ?? (code !== undefined ? codeLegend(code, space) : legendOf(id));
                  const said =
                    keyDescription?.(id) ??
                    (code !== undefined ? codeDescription(code, language, t, space) : undefined);
                  const used = uses.get(id);
                  const usedSummary = keyUseSummary(used, t);
                  const plainName = press
                    ? press.keyName(legendOf(id))
                    : said
                      ? t('keymap.key.name', legendOf(id), said)
                      : t('keymap.key.name.plain', legendOf(id));
                  const codeTip = code !== undefined ? advancedSummary(code, funcLists, t, space) : undefined;
                  const tip = [codeTip, usedSummary].filter(Boolean).join(' · ') || undefined;
                  return (
                    <KeyShape
                      key={id}
                      rect={rect}
                      label={label}
                      name={usedSummary ? tx(t, 'keycode.key.used', plainName, usedSummary) : plainName}
                      pressed={press ? heldKey === id : undefined}
                      usedMark={keyUseMark(used)}
                      selected={useMode === null ? undefined : selection.includes(id)}
                      tabbable={id === tabbableId}
                      focusRing={focusRing && id === focusedId}
                      dropTarget={id === dropKey}
                      fill={keyFill?.(id)}
                      advanced={code !== undefined && advancedOf(code, space) !== undefined}
                      muted={code !== undefined && (code === space.transparent || code === space.none)}
                      tooltip={tip}
                      extra={renderKey?.(id, rect)}
                      keyRef={refFor(id)}
                    />
                  );
                })}
              </g>
            ))}
            {pointer.box && (
              <rect
                className="kb__marquee"
                x={pointer.box.x}
                y={pointer.box.y}
                width={pointer.box.w}
                height={pointer.box.h}
                aria-hidden="true"
              />
            )}
          </svg>
        </ContextMenu.Trigger>
        {menuKey !== undefined && menuCode !== undefined && (
          <KeyMenuContent legend={legendOf(menuKey)} info={assignmentInfo(menuCode, funcLists, language, t, space)} />
        )}
      </ContextMenu.Root>
    </div>
  );
}
