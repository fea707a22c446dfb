import { Spinner } from '../components/Spinner';

/** Fills the content area while the first page's code downloads; fades in late so fast loads never flash. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
