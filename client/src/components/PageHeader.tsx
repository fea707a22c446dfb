import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';

interface PageHeaderProps {
  title: string;
  /** A short line above the title that says where the reader is. */
  eyebrow?: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  /** Buttons that act on the whole page, shown beside the title on wide screens. */
  actions?: ReactNode;
}

/** The page's one h1, and it names the browser tab too. */
export function PageHeader({ title, eyebrow, description, back, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <title>{`${title} · Rentwise`}</title>
      {back && (
        <Link className="page-header__back" to={back.to}>
          <ArrowLeft aria-hidden="true" size={18} />
          {back.label}
        </Link>
      )}
      <div className="page-header__row">
        <div className="page-header__text">
          {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
          <h1 className="page-header__title">{title}</h1>
          {description && <div className="page-header__description">{description}</div>}
        </div>
        {actions && <div className="page-header__actions">{actions}</div>}
      </div>
    </header>
  );
}
