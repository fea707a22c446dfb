import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import '../styles/app-layout.css';
import { Avatar } from './Avatar';
import { Logo } from './Logo';
import { Spinner } from './Spinner';

interface AppLayoutProps {
  user: { firstName: string; lastName: string; photoUrl: string | null };
  /** The person's dashboard: the logo leads there. */
  homeHref: string;
  /** The person's Personal Information page, if their role has one: the name and photo lead there. */
  profileHref?: string;
  onSignOut: () => Promise<void>;
  children: ReactNode;
}

/** The frame of every signed-in page: logo home, who is signed in, and Sign Out. */
export function AppLayout({ user, homeHref, profileHref, onSignOut, children }: AppLayoutProps) {
  const [signingOut, setSigningOut] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`;
  const who = (
    <>
      <Avatar photoUrl={user.photoUrl} name={fullName} size="sm" />
      <span className="app-header__name">{user.firstName}</span>
    </>
  );

  async function signOut() {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner app-header__inner">
          <Link className="site-header__home" to={homeHref} aria-label="Rentwise dashboard">
            <Logo />
          </Link>
          <nav className="app-header__account" aria-label="Account">
            {profileHref ? (
              <Link className="app-header__who" to={profileHref} aria-label={`Personal information of ${fullName}`}>
                {who}
              </Link>
            ) : (
              <span className="app-header__who">{who}</span>
            )}
            <button type="button" className="app-header__sign-out" onClick={signOut} disabled={signingOut}>
              {signingOut ? <Spinner size="sm" /> : <LogOut aria-hidden="true" size={18} />}
              Sign Out
            </button>
          </nav>
        </div>
      </header>
      <main id="main" className="app-layout__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
