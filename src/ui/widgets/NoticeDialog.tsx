/** A dialog that only tells: a title, a text, links that open outside the app, and OK. */
import type { ReactNode } from 'react';
import { AppDialog, type AppDialogProps } from './AppDialog';
import { ExternalIcon } from './icons';

export interface NoticeLink {
  href: string;
  label: string;
}

export function NoticeDialog({
  open,
  onClose,
  title,
  description,
  links,
  okLabel,
  dataAttributes,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description: ReactNode;
  links: readonly NoticeLink[];
  okLabel: string;
  dataAttributes?: AppDialogProps['dataAttributes'];
}) {
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={title}
      description={description}
      {...(dataAttributes ? { dataAttributes } : {})}
      footer={
        <>
          {links.map((link) => (
            <a
              key={link.href}
              className="button button--ghost"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {link.label}
              <ExternalIcon size={16} />
            </a>
          ))}
          <button type="button" className="button button--primary" onClick={onClose}>
            {okLabel}
          </button>
        </>
      }
    />
  );
}
