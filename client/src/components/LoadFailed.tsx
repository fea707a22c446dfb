import { RefreshCw } from 'lucide-react';
import { Button } from './Button';
import { Notice } from './Notice';

interface LoadFailedProps {
  /** What did not load, as the sentence's subject: 'Your payments', 'The receipt'. */
  what: string;
  retry: () => void;
  retrying?: boolean;
}

/** A read that failed: says what did not load and offers to try again, instead of a blank page. */
export function LoadFailed({ what, retry, retrying = false }: LoadFailedProps) {
  return (
    <div role="alert">
      <Notice tone="danger" title={`${what} didn’t load`}>
        <p>Check your connection, then try again.</p>
        <Button variant="secondary" className="load-failed__retry" onClick={retry} isLoading={retrying}>
          <RefreshCw aria-hidden="true" size={18} />
          Try again
        </Button>
      </Notice>
    </div>
  );
}
