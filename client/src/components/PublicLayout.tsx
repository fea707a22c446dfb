import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '../app/paths';
import { Logo } from './Logo';

/** The frame of every signed-out page: wordmark header, content, and the legal footer. */
export function PublicLayout() {
  return (
    <div className="public-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <Link className="site-header__home" to={paths.home.getHref()} aria-label="Rentwise home">
            <Logo />
          </Link>
          <NavLink className="site-header__link" to={paths.signIn.getHref()}>
            Sign in
          </NavLink>
        </div>
      </header>
      <main id="main" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <p className="site-footer__note">© {new Date().getFullYear()} Rentwise. Rent collection for landlords and tenants.</p>
          <nav aria-label="Legal">
            <ul className="site-footer__links">
              <li>
                <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>
              </li>
              <li>
                <Link to={paths.termsOfUse.getHref()}>Terms of Use</Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
