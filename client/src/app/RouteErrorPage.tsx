import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { Button } from '../components/Button';
import { Logo } from '../components/Logo';
import { paths } from './paths';

interface RouteErrorPageProps {
  /** At the root nothing else is on screen, so the page brings its own logo and landmark. */
  standalone?: boolean;
}

/** Shown when a page fails to load or render, e.g. an old page file after a new release. */
export function RouteErrorPage({ standalone = false }: RouteErrorPageProps) {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? 'Page not found' : 'Something went wrong';

  const panel = (
    <section className="error-panel" aria-labelledby="error-title">
      <title>{`${title} · Rentwise`}</title>
      <h1 id="error-title">{title}</h1>
      <p className="muted">
        {isNotFound
          ? "We couldn't find the page you asked for."
          : 'This page could not be shown. Reloading usually fixes it; your data is safe.'}
      </p>
      <div className="error-panel__actions">
        {!isNotFound && (
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" size={18} />
            Reload page
          </Button>
        )}
        <Button variant={isNotFound ? 'primary' : 'secondary'} to={paths.home.getHref()} reloadDocument>
          Go to homepage
        </Button>
      </div>
    </section>
  );

  if (!standalone) return panel;
  return (
    <div className="error-page">
      <a className="error-page__logo" href={paths.home.getHref()} aria-label="Rentwise home">
        <Logo />
      </a>
      <main>{panel}</main>
    </div>
  );
}
