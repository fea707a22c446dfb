import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRight, type LucideIcon } from 'lucide-react';

interface DashboardTileProps {
  to: string;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  eyebrow?: string;
  emphasis?: boolean;
}

/** A whole-card link on a dashboard: icon, title and a line of what is behind it. */
export function DashboardTile({ to, icon: Icon, title, description, eyebrow, emphasis = false }: DashboardTileProps) {
  return (
    <Link className={['dashboard-tile', emphasis && 'dashboard-tile--emphasis'].filter(Boolean).join(' ')} to={to}>
      <span className="icon-badge">
        <Icon aria-hidden="true" size={22} />
      </span>
      <span className="dashboard-tile__text">
        {eyebrow && <span className="dashboard-tile__eyebrow">{eyebrow}</span>}
        <span className="dashboard-tile__title">{title}</span>
        <span className="dashboard-tile__description">{description}</span>
      </span>
      <ChevronRight className="dashboard-tile__arrow" aria-hidden="true" size={20} />
    </Link>
  );
}
