/**
 * Simple drawings of the three device types for cards and the welcome screen. Colours come from CSS custom
 * properties, so every drawing follows the theme.
 */
import { DEV_TYPE } from '../../core/models';

// Key widths per row of a 65 % board, in key units; 15 units per row.
const ROWS: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2],
  [1.5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.5],
  [1.75, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2.25],
  [2.25, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.75, 1, 1],
  [1.25, 1.25, 1.25, 6.25, 1, 1, 1, 1, 1],
];
const UNIT = 12;

export function KeyboardArt({ width = 200 }: { width?: number }) {
  const keys: { x: number; y: number; w: number; accent: boolean }[] = [];
  ROWS.forEach((row, r) => {
    let x = 0;
    row.forEach((w, i) => {
      const accent = (r === 0 && i === 0) || (r === 2 && i === row.length - 1);
      keys.push({ x, y: r, w, accent });
      x += w;
    });
  });
  const inner = 15 * UNIT;
  return (
    <svg
      className="device-art"
      data-art="keyboard"
      width={width}
      viewBox="0 0 200 80"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="1" y="4" width="198" height="74" rx="9" fill="var(--art-shadow)" />
      <rect x="1" y="1" width="198" height="74" rx="9" fill="var(--art-body)" stroke="var(--art-edge)" />
      <g transform={`translate(${(200 - inner) / 2} 8)`}>
        {keys.map((k, i) => (
          <rect
            key={i}
            x={k.x * UNIT + 0.8}
            y={k.y * UNIT + 0.8}
            width={k.w * UNIT - 1.6}
            height={UNIT - 1.6}
            rx="2"
            fill={k.accent ? 'var(--accent)' : 'var(--art-key)'}
          />
        ))}
      </g>
    </svg>
  );
}

export function MouseArt({ width = 200 }: { width?: number }) {
  return (
    <svg
      className="device-art"
      data-art="mouse"
      width={width}
      viewBox="0 0 200 80"
      aria-hidden="true"
      focusable="false"
    >
      <g transform="translate(78 3)">
        <path d="M22 76c-12 0-21-9-21-24V26C1 12 10 2 22 2s21 10 21 24v26c0 15-9 24-21 24z" fill="var(--art-shadow)" />
        <path
          d="M22 73C10 73 1 64 1 50V24C1 10 10 0 22 0s21 10 21 24v26c0 14-9 23-21 23z"
          fill="var(--art-body)"
          stroke="var(--art-edge)"
        />
        <path d="M22 0v28M1 28h42" stroke="var(--art-edge)" fill="none" />
        <rect x="19" y="8" width="6" height="13" rx="3" fill="var(--accent)" />
      </g>
    </svg>
  );
}

export function DongleArt({ width = 200 }: { width?: number }) {
  return (
    <svg
      className="device-art"
      data-art="dongle"
      width={width}
      viewBox="0 0 200 80"
      aria-hidden="true"
      focusable="false"
    >
      <g transform="translate(62 22)">
        <rect x="0" y="5" width="50" height="30" rx="6" fill="var(--art-shadow)" />
        <rect x="0" y="2" width="50" height="30" rx="6" fill="var(--art-body)" stroke="var(--art-edge)" />
        <rect x="50" y="7" width="26" height="20" rx="1.5" fill="var(--art-key)" stroke="var(--art-edge)" />
        <rect x="58" y="12" width="5" height="4" fill="var(--art-edge)" />
        <rect x="66" y="12" width="5" height="4" fill="var(--art-edge)" />
        <circle cx="14" cy="17" r="4" fill="var(--accent)" />
      </g>
    </svg>
  );
}

export function DeviceArt({ devType, width }: { devType: number; width?: number }) {
  const size = width === undefined ? {} : { width };
  if (devType === DEV_TYPE.mouse) return <MouseArt {...size} />;
  if (devType === DEV_TYPE.dongle) return <DongleArt {...size} />;
  return <KeyboardArt {...size} />;
}
