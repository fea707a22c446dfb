import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import './EmptyState.css';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Usually the one button that fills the emptiness ('Add a Property'). */
  action?: ReactNode;
}

/** What a list shows when there is nothing in it yet: what would be here, and how to add it. */
export function EmptyState({ icon: Icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <span className="icon-badge icon-badge--lg">
        <Icon aria-hidden="true" size={28} />
      </span>
      <h2 className="empty-state__title">{title}</h2>
      {children && <div className="empty-state__text">{children}</div>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
