/**
 * The game-config cards (spec-2 §2.5, §3 Default config card): per set, each card's id_num (its translated label),
 * img (its icon) and content. Content names keys by their printed legend so one card fits every layout of its set;
 * `cardContent` turns it into the key ids of the model at hand, and a legend the model lacks is left out.
 */
import type { GameConfigContent, RapidSetting } from '../../../contract/areas/performance';
import type { GameConfigSet } from '../../../core/capabilities';

export interface PresetEntry {
  /** Printed legends, or 'all' for every key. */
  keys: readonly string[] | 'all';
  trigger?: number;
  dead?: number;
  rapid?: RapidSetting;
}

export interface PresetCard {
  id_num: 1 | 2 | 3 | 4 | 5;
  img: 'fps' | 'moba' | 'rhythm' | 'typing' | 'racing';
  content: readonly PresetEntry[];
}

const MOVE = ['W', 'A', 'S', 'D'];
const RT = (press: number, release: number): RapidSetting => ({
  use_rapid: true,
  rt_mode: 0,
  p_rapid_value: press,
  r_rapid_value: release,
});
const OFF: RapidSetting = { use_rapid: false };

/** One family of cards; `fine` is the smallest travel of the set's switches (the second 68-key set goes to 0.02). */
function cards(fine: number, extra: readonly string[]): PresetCard[] {
  return [
    {
      id_num: 1,
      img: 'fps',
      content: [
        { keys: [...MOVE, ...extra], trigger: 0.4, rapid: RT(Math.max(fine, 0.1), Math.max(fine, 0.1)) },
        { keys: ['Space', 'LCtrl', 'LShift'], trigger: 0.8 },
      ],
    },
    {
      id_num: 2,
      img: 'moba',
      content: [{ keys: ['Q', 'W', 'E', 'R', 'D', 'F', '1', '2', '3', '4'], trigger: 1.0, rapid: OFF }],
    },
    {
      id_num: 3,
      img: 'rhythm',
      content: [{ keys: ['D', 'F', 'J', 'K'], trigger: 0.3, rapid: RT(fine * 5, fine * 5) }],
    },
    { id_num: 4, img: 'typing', content: [{ keys: 'all', trigger: 2.0, dead: 0.2, rapid: OFF }] },
    { id_num: 5, img: 'racing', content: [{ keys: ['W', 'S', 'A', 'D', 'Up', 'Down'], trigger: 0.6, dead: 0.1 }] },
  ];
}

export const PRESET_SETS: Readonly<Record<GameConfigSet, readonly PresetCard[]>> = {
  stg_83_0: cards(0.1, ['Q', 'E']),
  stg_84_0: cards(0.1, ['Q', 'E']),
  stg_68_0: cards(0.1, []),
  stg_68_1: cards(0.02, []),
  stg_67_0: cards(0.1, []),
};

/** The card's content for a model: legends to key ids; entries left without keys are dropped. */
export function cardContent(card: PresetCard, legends: ReadonlyMap<number, string>): GameConfigContent | undefined {
  const idOf = new Map([...legends].map(([id, legend]) => [legend, id] as const));
  const all = [...legends.keys()].sort((a, b) => a - b);
  const out = card.content.flatMap((entry) => {
    const ids = entry.keys === 'all' ? all : entry.keys.flatMap((k) => (idOf.has(k) ? [idOf.get(k)!] : []));
    if (ids.length === 0) return [];
    return [
      {
        key_ids: [...new Set(ids)],
        ...(entry.trigger !== undefined ? { trigger: entry.trigger } : {}),
        ...(entry.dead !== undefined ? { dead: entry.dead } : {}),
        ...(entry.rapid !== undefined ? { rapid: entry.rapid } : {}),
      },
    ];
  });
  return out.length > 0 ? (out as GameConfigContent) : undefined;
}
