import { Link } from 'react-router-dom';
import { supportEmail } from '../../app/config';
import { paths } from '../../app/paths';
import { LegalPage, type LegalSection } from './LegalPage';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    heading: 'Agreement to these terms',
    body: (
      <p>
        These terms are an agreement between you and Rentwise (“we”, “us”) about your use of the Rentwise website and
        service. By creating an account, activating an account your landlord created for you, or otherwise using
        Rentwise, you agree to these terms and to our <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>.
        If you do not agree, please do not use Rentwise.
      </p>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who may use Rentwise',
    body: (
      <>
        <p>To use Rentwise you must:</p>
        <ul>
          <li>be at least 18 years old and able to enter into a binding contract (we do not serve people under 18);</li>
          <li>use it for rent on property in the United States, paid in US dollars; and</li>
          <li>
            if you are a landlord, own the properties you add or be authorised to collect rent for them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <>
        <p>
          Landlords register themselves. We review each registration, usually within 24 hrs, and may decline one
          without giving a reason. Tenants cannot register themselves: a landlord adds them, and they activate their
          account by creating a password from the email we send.
        </p>
        <p>
          Keep your password to yourself. You are responsible for what happens under your account, and you must tell us
          straight away at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if you think someone else has used it.
          Keep your details accurate, especially your email address, so that receipts and notices reach you.
        </p>
      </>
    ),
  },
  {
    id: 'payments-and-fees',
    heading: 'Payments and fees',
    body: (
      <>
        <p>
          Rentwise does not charge landlords and takes no part of the rent. Card payments are processed by our
          third-party payment processor, which collects a processing fee of 3% of each payment. Any fee that applies
          to a payment is shown before it is confirmed.
        </p>
        <p>
          Landlords receive rent through a payout account they connect with the payment processor and must accept the
          processor’s own terms to do so. Funds usually arrive in about 3 days; the exact timing depends on the
          processor and the banks involved. Rentwise is not a bank and does not hold your money.
        </p>
        <p>
          When a tenant confirms a payment, they authorise the processor to charge their card for the amount shown.
          Refunds and chargebacks follow the processor’s and card networks’ rules.
        </p>
      </>
    ),
  },
  {
    id: 'card-details',
    heading: 'Card details',
    body: (
      <p>
        Cards are handled by the payment processor. Card details are entered into the processor’s secure form and are
        never stored by Rentwise.
      </p>
    ),
  },
  {
    id: 'prohibited-uses',
    heading: 'Prohibited uses',
    body: (
      <>
        <p>
          Use Rentwise only to pay or collect rent and charges that belong to a genuine tenancy. You must not use it:
        </p>
        <ul>
          <li>for any illegal transaction, or to help anyone break the law;</li>
          <li>
            for any restricted transaction type, meaning anything our payment processor or the card networks restrict
            or prohibit, such as gambling, weapons, drugs, adult content, cryptocurrency, money transfers or cash
            advances;
          </li>
          <li>to launder money, commit fraud, or take payments for someone else’s property without their permission;</li>
          <li>to harass, threaten or mislead anyone, or to send them unwanted messages;</li>
          <li>
            to get around our security, reach data that is not yours, overload our systems, or copy the service by
            automated means.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'landlords-and-tenants',
    heading: 'Landlords and tenants',
    body: (
      <p>
        Rentwise is not a party to any lease. Questions about how much rent is due, deposits, repairs or the property
        itself are between the landlord and the tenant.
      </p>
    ),
  },
  {
    id: 'suspension',
    heading: 'Suspension and closing accounts',
    body: (
      <p>
        We may suspend or close an account that breaks these terms, that the payment processor will not serve, or that
        puts other users or Rentwise at risk. You may stop using Rentwise at any time; landlords can remove tenants and
        properties from their account. Payment records are kept as described in our Privacy Policy.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    heading: 'Disclaimers',
    body: (
      <p>
        We work hard to keep Rentwise available and accurate, but the service is provided “as is”. To the extent the law
        allows, we make no promise that it will be uninterrupted or error-free, and we are not responsible for delays
        or failures caused by the payment processor, banks or card networks.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    body: (
      <p>
        To the extent the law allows, Rentwise is not liable for indirect or consequential losses, such as lost profits
        or lost data, and our total liability to you for any claim is limited to $100. Nothing in these terms limits a
        liability that the law does not allow to be limited.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We publish the new version here with a new effective date and tell you by email of
        any change that matters. If you keep using Rentwise after a change takes effect, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <p>
        Questions about these terms: write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

export function TermsOfUsePage() {
  return (
    <LegalPage
      title="Terms of Use"
      summary={
        <p>
          In short: Rentwise is for adults collecting or paying rent in the United States. We take no cut; the payment
          processor charges a 3% processing fee and handles all card details. Illegal and restricted transaction types
          are not allowed.
        </p>
      }
      sections={sections}
    />
  );
}
