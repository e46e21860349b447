/** Line icons of undo, redo and the history list, drawn like the app's own (src/ui/widgets/icons.tsx): decorative. */

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function line(d: string) {
  return function Icon({ size = 20 }: { size?: number }) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...STROKE}>
        <path d={d} />
      </svg>
    );
  };
}

export const UndoIcon = line('M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11');
export const RedoIcon = line('M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13');
/** A clock face with an arrow turning back: the steps taken so far. */
export const HistoryIcon = line('M3.5 12a8.5 8.5 0 1 0 2.5-6M3.5 4v4h4M12 7.5V12l3 2');
