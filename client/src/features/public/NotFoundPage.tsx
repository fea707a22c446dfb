import { SearchX } from 'lucide-react';
import { Button } from '../../components/Button';
import { paths } from '../../app/paths';

export function NotFoundPage() {
  return (
    <section className="error-panel" aria-labelledby="not-found-title">
      <title>Page not found · Rentwise</title>
      <span className="icon-badge icon-badge--lg" aria-hidden="true">
        <SearchX size={28} />
      </span>
      <h1 id="not-found-title">Page not found</h1>
      <p className="muted">
        The page you’re looking for doesn’t exist or has moved. Check the address, or start again from the homepage.
      </p>
      <div className="error-panel__actions">
        <Button to={paths.home.getHref()}>Go to homepage</Button>
      </div>
    </section>
  );
}
