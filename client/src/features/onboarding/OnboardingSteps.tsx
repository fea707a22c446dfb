import { Check } from 'lucide-react';

const STEPS = [
  { title: 'We review your registration', text: 'Usually within 24 hrs. We email you when it’s approved.' },
  { title: 'Step 1: connect your payout account', text: 'Rent is paid out to it. Use the first link in our email.' },
  { title: 'Step 2: create your password', text: 'The second link in the same email. Then sign in.' },
] as const;

/** Where the landlord is in onboarding: steps before `current` are done. */
export function OnboardingSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="onboarding-steps" aria-label="Getting started">
      {STEPS.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'next';
        return (
          <li
            key={step.title}
            className={`onboarding-steps__item onboarding-steps__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="onboarding-steps__marker" aria-hidden="true">
              {state === 'done' ? <Check size={16} /> : index + 1}
            </span>
            <span>
              <span className="onboarding-steps__title">
                {step.title}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
              <br />
              <span className="onboarding-steps__text">{step.text}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
