import { useLayoutEffect } from 'react';
import { ArrowRight, BadgeDollarSign, Building2, CalendarClock, KeyRound, Percent } from 'lucide-react';
import { Button } from '../../components/Button';
import { paths } from '../../app/paths';
import { FeeExample } from './FeeExample';
import { PaymentPreview } from './PaymentPreview';
import '../../styles/marketing.css';

const landlordBenefits = [
  {
    icon: Building2,
    title: 'Unlimited properties',
    text: 'Add every property and tenant you manage. There is no per-unit pricing and no cap.',
  },
  {
    icon: CalendarClock,
    title: 'Funds in about 3 days',
    text: 'Card payments go straight to the payout account you connect, usually within about 3 days.',
  },
  {
    icon: BadgeDollarSign,
    title: 'We take no cut',
    text: 'Rentwise charges landlords nothing. Every dollar of rent that is not a processing fee is yours.',
  },
  {
    icon: Percent,
    title: 'A plain 3% processing fee',
    text: 'Collected by the payment processor, not by us, and tax deductible. Avoid it by raising rent 3%.',
  },
];

const gettingStarted = [
  {
    title: 'Sign up free',
    text: 'Tell us who you are. We review every registration within 24 hrs and email you a setup link.',
  },
  {
    title: 'Connect your payout account',
    text: 'Follow the link to connect the bank account where rent should arrive, through our payment processor.',
  },
  {
    title: 'Add properties and tenants',
    text: 'Each tenant gets an email to create a password, then pays rent by card from any phone or computer.',
  },
];

export function HomePage() {
  // A layout effect, so nothing on the page can read a stale value before it is gone.
  useLayoutEffect(() => {
    // The home page is where every visit starts over: no session value from an earlier visit survives it.
    localStorage.clear();
  }, []);

  return (
    <>
      <title>Rentwise — rent collection for landlords and tenants</title>

      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Online rent collection</p>
            <h1 id="hero-title" className="hero__title">
              Collect rent online, without giving up a cut.
            </h1>
            <p className="hero__lead">
              Your tenants pay by card and the money reaches your bank in about 3 days. Add unlimited properties.
              Rentwise takes nothing from your rent.
            </p>
            <div className="hero__actions">
              <Button to={paths.signUp.getHref()} size="lg">
                Landlord Sign Up
                <ArrowRight aria-hidden="true" size={20} />
              </Button>
              <Button to={paths.signIn.getHref()} size="lg" variant="secondary">
                Landlord Sign In
              </Button>
            </div>
            <p className="hero__reassurance">Free to join. Registration is reviewed within 24 hrs.</p>
          </div>
          <PaymentPreview />
        </div>
      </section>

      <section className="tenant-band" aria-labelledby="tenant-band-title">
        <div className="container tenant-band__inner">
          <span className="icon-badge" aria-hidden="true">
            <KeyRound size={22} />
          </span>
          <div className="tenant-band__text">
            <h2 id="tenant-band-title" className="tenant-band__title">
              Paying rent?
            </h2>
            <p className="muted">
              Tenants are added by their landlord. Look for an email from Rentwise to create your password, then
              sign in to pay.
            </p>
          </div>
          <Button to={paths.signIn.getHref()} variant="secondary" className="tenant-band__action">
            Tenant Sign In
          </Button>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <div className="section__intro">
            <p className="eyebrow">For landlords</p>
            <h2 id="benefits-title">Everything you need to get paid, nothing taken from it</h2>
          </div>
          <ul className="benefit-grid">
            {landlordBenefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="benefit">
                <span className="icon-badge" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="fees-title">
        <div className="container fees">
          <div className="fees__copy">
            <p className="eyebrow">Fees, plainly</p>
            <h2 id="fees-title">You see exactly where every dollar goes</h2>
            <p className="muted">
              Rentwise does not charge landlords. The payment processor that handles the card collects a 3% processing
              fee on each payment. The fee is tax deductible, and many landlords simply raise rent by 3% to cover it.
            </p>
          </div>
          <FeeExample />
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <div className="section__intro">
            <p className="eyebrow">Getting started</p>
            <h2 id="steps-title">Start collecting rent in three steps</h2>
          </div>
          <ol className="step-list">
            {gettingStarted.map(({ title, text }, index) => (
              <li key={title} className="step">
                <span className="step__number tabular" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </li>
            ))}
          </ol>
          <div className="closing-cta">
            <Button to={paths.signUp.getHref()} size="lg">
              Landlord Sign Up
              <ArrowRight aria-hidden="true" size={20} />
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
