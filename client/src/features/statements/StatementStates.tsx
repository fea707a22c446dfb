import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Notice } from '../../components/Notice';
import { Skeleton } from '../../components/Skeleton';

export function RowsLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Card as="ul" className="statement-list" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="statement-row">
          <span className="statement-row__main">
            <Skeleton width="9rem" />
            <Skeleton width="12rem" />
          </span>
          <Skeleton width="5rem" />
        </li>
      ))}
    </Card>
  );
}

export function LoadFailed({ what, retry, retrying }: { what: string; retry: () => void; retrying: boolean }) {
  return (
    <div role="alert">
      <Notice tone="danger" title={`${what} didn’t load`}>
        <p>Check your connection, then try again.</p>
        <Button variant="secondary" onClick={retry} isLoading={retrying}>
          <RefreshCw aria-hidden="true" size={18} />
          Try again
        </Button>
      </Notice>
    </div>
  );
}
