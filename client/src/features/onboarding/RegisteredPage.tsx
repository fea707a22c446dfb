import { MailCheck } from 'lucide-react';
import { OnboardingSteps } from './OnboardingSteps';
import { OutcomePage } from './OutcomePage';

/** /landlord/registered: after sign-up. */
export function RegisteredPage() {
  return (
    <OutcomePage icon={MailCheck} title="Thanks for signing up">
      <p className="onboarding-outcome__text">
        Your registration is reviewed and a link is sent <strong>within 24 hrs</strong>. Check your email, including
        your junk folders, for a message from Rentwise.
      </p>
      <OnboardingSteps current={0} />
    </OutcomePage>
  );
}
