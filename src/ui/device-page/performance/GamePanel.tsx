/**
 * The game config view (spec-2 §2.5): the preset cards of the model's set, each with its icon and translated label;
 * a click sends the card's content (run_other_func --cmd export_group_cfg), which sets the keys it names.
 */
import type { DeviceLayout } from '../../../core/device-features';
import { useId, useMemo, useState } from 'react';
import type { GameConfigSet } from '../../../core/capabilities';
import { ptx } from '../../../i18n/sections/performance';
import { useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { printedLegends } from '../../keyboard/assignment';
import { useServices } from '../../services';
import { cardContent, PRESET_SETS, type PresetCard } from './presets';

const ICONS: Record<PresetCard['img'], string> = {
  fps: 'M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 1 0 8a4 4 0 0 1 0-8z',
  moba: 'M4 20l6-6M14 10l6-6M4 4l16 16M15 4h5v5',
  rhythm: 'M9 18V5l10-2v13M9 18a3 3 0 1 1-6 0a3 3 0 0 1 6 0zM19 16a3 3 0 1 1-6 0a3 3 0 0 1 6 0z',
  typing: 'M3 7h18v10H3zM7 11h0M11 11h0M15 11h0M7 14h10',
  racing: 'M12 21a9 9 0 1 1 0-18a9 9 0 0 1 0 18zM12 12l5-4M12 3v3',
};

export function GamePanel({
  path,
  layout,
  set,
}: {
  path: string;
  layout: DeviceLayout | null;
  set: GameConfigSet | null;
}) {
  const t = useT();
  const { client } = useServices();
  const ids = useId();
  const legends = useMemo(() => printedLegends(layout), [layout]);
  const [applied, setApplied] = useState<string | undefined>(undefined);
  const cards = set ? PRESET_SETS[set] : [];

  const apply = async (card: PresetCard) => {
    const content = cardContent(card, legends);
    if (!content) return;
    setApplied(undefined);
    const result = await attempt(client.runOtherFunc({ path, cmd: 'export_group_cfg', content }));
    if (result.ok) setApplied(ptx(t, `perf.game.${card.id_num}`));
  };

  return (
    <section className="panel game-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="panel__title">
        {ptx(t, 'perf.game.title')}
      </h2>
      {cards.length === 0 ? (
        <p className="game-panel__none">{ptx(t, 'perf.game.none')}</p>
      ) : (
        <ul className="game-panel__cards">
          {cards.map((card) => (
            <li key={card.id_num}>
              <button type="button" className="game-card" data-img={card.img} onClick={() => void apply(card)}>
                <svg width={32} height={32} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
                  <path d={ICONS[card.img]} stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" />
                </svg>
                <span>{ptx(t, `perf.game.${card.id_num}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="game-panel__status" role="status">
        {applied ? ptx(t, 'perf.game.applied', applied) : ''}
      </p>
    </section>
  );
}
