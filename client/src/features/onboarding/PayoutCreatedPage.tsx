import { CircleCheck } from 'lucide-react';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { OnboardingSteps } from './OnboardingSteps';
import { OutcomePage } from './OutcomePage';

/** /landlord/stripe-account/created: step 1 done. */
export function PayoutCreatedPage() {
  return (
    <OutcomePage icon={CircleCheck} tone="success" title="Payout account connected">
      <p className="onboarding-outcome__text">
        Step 1 is done: rent will be paid out to this account. Now <strong>complete step 2 in the first email</strong>{' '}
        we sent you to create your password.
      </p>
      <OnboardingSteps current={2} />
      <Button to={paths.signIn.getHref()} variant="secondary" fullWidth>
        Already created your password? Sign In
      </Button>
    </OutcomePage>
  );
}
