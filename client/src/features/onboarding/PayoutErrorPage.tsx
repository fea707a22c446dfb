import { CircleAlert } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { OutcomePage } from './OutcomePage';
import { useSupportEmail } from './useSupportEmail';

/** /landlord/stripe-account/error: step 1 failed (?reason=link: the emailed link itself no longer works). */
export function PayoutErrorPage() {
  const [query] = useSearchParams();
  const supportEmail = useSupportEmail();
  const support = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

  if (query.get('reason') === 'link') {
    return (
      <OutcomePage icon={CircleAlert} tone="danger" title="This link no longer works">
        <p className="onboarding-outcome__text">
          The step 1 link in your email has expired or was already used. If you have already connected your payout
          account, go on to <strong>step 2</strong> in the same email.
        </p>
        <p className="account-page__fine-print">Need a new link? Write to {support}.</p>
      </OutcomePage>
    );
  }
  return (
    <OutcomePage icon={CircleAlert} tone="danger" title="We couldn’t connect your payout account">
      <p className="onboarding-outcome__text">
        Nothing is lost. Open the first email from Rentwise and <strong>follow step 1 again</strong> to finish
        connecting your payout account.
      </p>
      <p className="account-page__fine-print">Still stuck? Write to {support} and we’ll help.</p>
    </OutcomePage>
  );
}
