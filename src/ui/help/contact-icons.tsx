/**
 * The Help tab's contact icons, drawn as simple line icons in the app's style (24-unit grid, current colour, 1.8
 * stroke) so they sit with the rail's icons in both themes. Each is our own drawing of the service's mark.
 */
import type { ReactNode } from 'react';
import { GlobeIcon } from '../widgets/icons';
import type { ContactId } from './links';

function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const CONTACT_ICONS: Record<ContactId, ReactNode> = {
  site: <GlobeIcon size={20} />,
  email: (
    <LineIcon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 7 8.5-7" />
    </LineIcon>
  ),
  // A chat bubble's head with two eyes: the outline widens at the cheeks and has two small feet.
  discord: (
    <LineIcon>
      <path d="M8.2 6.2c-1.3.3-2.5.8-3.6 1.4C3.1 10 2.6 12.6 2.8 15.6c1.3 1 2.7 1.7 4.2 2.1l1-1.8M15.8 6.2c1.3.3 2.5.8 3.6 1.4 1.5 2.4 2 5 1.8 8-1.3 1-2.7 1.7-4.2 2.1l-1-1.8" />
      <path d="M7.4 16.2c3 1.3 6.2 1.3 9.2 0M7.6 7.6c2.9-1 5.9-1 8.8 0" />
      <ellipse cx="9" cy="12.3" rx="1.3" ry="1.5" fill="currentColor" stroke="none" />
      <ellipse cx="15" cy="12.3" rx="1.3" ry="1.5" fill="currentColor" stroke="none" />
    </LineIcon>
  ),
  // X: a broad stroke from top left to bottom right, crossed by a thin one broken in the middle.
  twitter: (
    <LineIcon>
      <path d="M4 4h4.4L20 20h-4.4z" />
      <path d="M19.4 4l-6.2 7.1M10.8 12.9L4.6 20" />
    </LineIcon>
  ),
  instagram: (
    <LineIcon>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.9" fill="currentColor" stroke="none" />
    </LineIcon>
  ),
  // A round badge with a lower-case f running off its bottom edge.
  facebook: (
    <LineIcon>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.2 7.6h-1.6c-1.3 0-2.1.8-2.1 2.1V21M8.8 12.6h5.6" />
    </LineIcon>
  ),
};
