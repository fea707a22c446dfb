import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { Notice } from './Notice';
import './bank-link.css';

interface MicrodepositsNoticeProps {
  title: string;
  /** Stripe's hosted page where the tenant enters the deposit's details. */
  verificationUrl: string;
  /** What happens next, in the words of the page it is on. */
  children: ReactNode;
}

/**
 * An account entered by hand through Stripe's bank link: Stripe sends a small deposit, and the tenant
 * verifies it on Stripe's page before the account can be used (it is then saved for them).
 */
export function MicrodepositsNotice({ title, verificationUrl, children }: MicrodepositsNoticeProps) {
  return (
    <Notice tone="warning" title={title}>
      {children}
      <a className="bank-pending__verify" href={verificationUrl} target="_blank" rel="noopener noreferrer">
        Verify the deposit on Stripe
        <ExternalLink aria-hidden="true" size={16} />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </Notice>
  );
}
