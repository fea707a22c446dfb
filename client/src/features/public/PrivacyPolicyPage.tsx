import { Link } from 'react-router-dom';
import { supportEmail } from '../../app/config';
import { paths } from '../../app/paths';
import { LegalPage, type LegalSection } from './LegalPage';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <p>
        Rentwise (“we”, “us”) runs an online service that lets landlords collect monthly rent from their tenants by card,
        and lets tenants pay rent and see their payment history. This policy explains what personal information we
        collect, why we collect it, who we share it with and the choices you have. It applies to our website and
        everything you can do after signing in.
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and phone number, and a profile photo if you
            choose to add one.
          </li>
          <li>
            <strong>Property and tenancy details:</strong> landlords give us property addresses and monthly rent
            amounts, and the names, email addresses and phone numbers of the tenants they add.
          </li>
          <li>
            <strong>Payment records:</strong> the date, amount and property of each payment, who paid and who was paid,
            and the reference our payment processor gives the payment.
          </li>
          <li>
            <strong>Payout account reference:</strong> when a landlord connects a payout account, the payment processor
            tells us the account’s identifier. Bank account details stay with the processor.
          </li>
          <li>
            <strong>Technical information:</strong> your IP address, browser type and the times of your requests,
            recorded in our server logs to keep the service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'card-payments',
    heading: 'Card payments',
    body: (
      <p>
        Card details are entered into a secure form provided by our payment processor and go directly to it. The
        processor handles cards under the Payment Card Industry Data Security Standard (PCI DSS). Rentwise never receives
        or stores your full card number or security code; we keep only what the processor tells us about a payment,
        such as its amount, status and the card’s type and last four digits.
      </p>
    ),
  },
  {
    id: 'how-we-use-information',
    heading: 'How we use information',
    body: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>provide the service: record payments, show payment history, receipts and statements;</li>
          <li>
            send the emails the service depends on, such as registration review, tenant invitations, password resets
            and receipts;
          </li>
          <li>review landlord registrations, prevent fraud and keep accounts secure;</li>
          <li>answer your questions when you contact us; and</li>
          <li>meet our legal, tax and accounting obligations.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: 'how-we-share-information',
    heading: 'How we share information',
    body: (
      <>
        <p>We share personal information only:</p>
        <ul>
          <li>with our payment processor, to charge cards and pay out rent;</li>
          <li>
            with companies that host our servers or deliver our email, under contracts that let them use it only on our
            behalf;
          </li>
          <li>
            between a landlord and their tenants, as the service requires: tenants see their landlord’s name, email
            address, phone number and photo, and landlords see their tenants’ details and payments;
          </li>
          <li>when the law requires it, or to protect the rights and safety of our users and of Rentwise; and</li>
          <li>with a company that acquires Rentwise, which must then honour this policy.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <p>
        We use only the cookies the service needs to work: one that keeps you signed in, and one that protects your
        account against forged requests from other websites. We do not use advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: 'how-long-we-keep-information',
    heading: 'How long we keep information',
    body: (
      <p>
        We keep account, property and tenancy details while the account is open. Payment records are kept for as long
        as tax and financial record-keeping laws require, even after an account closes. Server logs are kept for a
        limited period and then deleted.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Everything you send us travels encrypted over HTTPS. Passwords are stored only as secure one-way hashes, and
        access to personal information is limited to the people who need it to run the service. No system is perfectly
        secure, so please use a password you use nowhere else and tell us at once if you think your account has been
        misused.
      </p>
    ),
  },
  {
    id: 'your-choices',
    heading: 'Your choices and rights',
    body: (
      <p>
        You can see and correct your details on your Personal Information page at any time. You can ask us for a copy
        of your personal information or ask us to delete it by writing to us; we will do so unless the law requires us
        to keep it, for example payment records. Depending on where you live, you may have further rights, and we will
        honour them.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'People under 18',
    body: (
      <p>
        Rentwise is not for people under 18. We do not knowingly collect personal information from anyone under 18, and
        we delete it if we learn that we have.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we publish the new version here with a new effective date. If a change matters to how
        we use your information, we will tell you by email before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <p>
        Questions about your privacy or this policy: write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <p>
          In short: we collect what we need to move rent from tenants to landlords, we never store card numbers, we do
          not sell your information, and you can ask us to see or delete it. Using Rentwise is also subject to our{' '}
          <Link to={paths.termsOfUse.getHref()}>Terms of Use</Link>.
        </p>
      }
      sections={sections}
    />
  );
}
