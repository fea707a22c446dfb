import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { Spinner } from '../../components/Spinner';
import { useConfirmPayoutAccountMutation } from './onboardingApi';
import './onboarding.css';

/**
 * /landlord/oAuth: where the payment provider sends the landlord back after step 1. The server
 * checks the signed state, exchanges the OAuth code if there is one, and asks the provider how the
 * account stands; this page only passes them on and moves to the outcome.
 */
export function PayoutReturnPage() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [confirmPayoutAccount] = useConfirmPayoutAccountMutation();
  const sent = useRef(false);

  useEffect(() => {
    // Once per visit (React runs effects twice in development); a code works only once.
    if (sent.current) return;
    sent.current = true;
    const state = query.get('state');
    const code = query.get('code') ?? undefined;
    const failed = () => navigate(paths.onboarding.payoutAccountError.getHref(), { replace: true });
    if (!state || query.get('error')) {
      void failed();
      return;
    }
    confirmPayoutAccount({ state, code })
      .unwrap()
      .then(() => navigate(paths.onboarding.payoutAccountCreated.getHref(), { replace: true }))
      .catch(failed);
  }, [confirmPayoutAccount, navigate, query]);

  return (
    <div className="account-page">
      <div className="account-page__panel onboarding-outcome">
        <Spinner size="lg" />
        <p role="status">Connecting your payout account…</p>
      </div>
    </div>
  );
}
