import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../app/paths';

interface AccountPageProps {
  children: ReactNode;
  /** Quiet links above Return to Homepage ('Didn’t get it? Send another link'). */
  links?: ReactNode;
}

/** A signed-out account page: one narrow centred column that ends with Return to Homepage. */
export function AccountPage({ children, links }: AccountPageProps) {
  return (
    <div className="account-page">
      <div className="account-page__panel">
        {children}
        <div className="account-page__links">
          {links}
          <Link to={paths.home.getHref()}>
            <ArrowLeft aria-hidden="true" size={18} />
            Return to Homepage
          </Link>
        </div>
      </div>
    </div>
  );
}
