/**
 * The app's line icons, drawn inline so they take the text colour of the theme and cost no requests.
 * Every icon is decorative (aria-hidden); the control that holds it carries the accessible name.
 */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: ReactNode, viewBox = '0 0 24 24') {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox={viewBox}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const KeyboardIcon = icon(
  <>
    <rect x="2.5" y="6" width="19" height="12" rx="2.5" />
    <path d="M6 10h.01M9 10h.01M12 10h.01M15 10h.01M18 10h.01M6 13h.01M18 13h.01M9 14.5h6" />
  </>,
);
export const ToolIcon = icon(
  <path d="M14.5 6.5a4 4 0 0 0-5.2 5.2L4 17v3h3l5.3-5.3a4 4 0 0 0 5.2-5.2l-2.6 2.6-2.3-.7-.7-2.3z" />,
);
export const HelpIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.5a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.1-2.4 3.6M12 17h.01" />
  </>,
);
export const SettingsIcon = icon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 13.5a7.6 7.6 0 0 0 0-3l2-1.5-2-3.4-2.3.9a7.5 7.5 0 0 0-2.6-1.5L14 2.6h-4l-.5 2.4a7.5 7.5 0 0 0-2.6 1.5l-2.3-.9-2 3.4 2 1.5a7.6 7.6 0 0 0 0 3l-2 1.5 2 3.4 2.3-.9c.8.7 1.6 1.2 2.6 1.5l.5 2.4h4l.5-2.4c1-.3 1.8-.8 2.6-1.5l2.3.9 2-3.4z" />
  </>,
);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const BackIcon = icon(<path d="M15 5l-7 7 7 7" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />);
export const MinimizeIcon = icon(<path d="M5 12h14" />);
export const MinimizeHoverIcon = icon(<path d="M5 12h14" strokeWidth={2.6} />);
export const MaximizeIcon = icon(<rect x="5" y="5" width="14" height="14" rx="1.5" />);
export const MaximizeHoverIcon = icon(<rect x="5" y="5" width="14" height="14" rx="1.5" strokeWidth={2.6} />);
export const RestoreIcon = icon(
  <>
    <rect x="4.5" y="8.5" width="11" height="11" rx="1.5" />
    <path d="M8.5 8.5V6a1.5 1.5 0 0 1 1.5-1.5h8A1.5 1.5 0 0 1 19.5 6v8a1.5 1.5 0 0 1-1.5 1.5h-2.5" />
  </>,
);
export const RestoreHoverIcon = icon(
  <>
    <rect x="4.5" y="8.5" width="11" height="11" rx="1.5" strokeWidth={2.6} />
    <path d="M8.5 8.5V6a1.5 1.5 0 0 1 1.5-1.5h8A1.5 1.5 0 0 1 19.5 6v8a1.5 1.5 0 0 1-1.5 1.5h-2.5" strokeWidth={2.6} />
  </>,
);
export const CloseHoverIcon = icon(<path d="M6 6l12 12M18 6L6 18" strokeWidth={2.6} />);
export const SunIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.5v2M12 19.5v2M4.6 4.6l1.4 1.4M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4L6 18M18 6l1.4-1.4" />
  </>,
);
export const MoonIcon = icon(<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />);
export const AutoThemeIcon = icon(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor" />
  </>,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </>,
);
export const BookIcon = icon(
  <>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
  </>,
);
export const ExternalIcon = icon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);
export const UsbIcon = icon(
  <>
    <path d="M12 2.5v15M9 5.5l3-3 3 3M7 11v2.5l5 3 5-3V10" />
    <circle cx="12" cy="19.5" r="2" />
    <rect x="15.5" y="8" width="3" height="2.5" />
    <circle cx="7" cy="10" r="1.2" />
  </>,
);
export const WirelessIcon = icon(
  <path d="M4.5 9.5a11 11 0 0 1 15 0M7.5 12.7a6.6 6.6 0 0 1 9 0M10.5 15.8a2.2 2.2 0 0 1 3 0M12 19h.01" />,
);
export const BluetoothIcon = icon(<path d="M7 7l10 10-5 4.5V2.5L17 7 7 17" />);
export const CheckIcon = icon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const ChevronDownIcon = icon(<path d="M6 9l6 6 6-6" />);

/** Battery outline filled to `percent`; shows an empty outline when the level is unknown. */
export function BatteryIcon({ percent, size = 20 }: { percent: number | undefined; size?: number }) {
  const width = percent === undefined ? 0 : Math.max(1, Math.round((percent / 100) * 13));
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2.5" y="7" width="17" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="20" y="10" width="2" height="4" rx="0.8" fill="currentColor" />
      {width > 0 && <rect x="4.5" y="9" width={width} height="6" rx="1" fill="currentColor" />}
    </svg>
  );
}
export const WarningIcon = icon(<path d="M12 3.5l9.5 16.5h-19zM12 10v4.5M12 17.5h.01" />);
export const ErrorIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </>,
);
