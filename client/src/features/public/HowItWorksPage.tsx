import { Navigate, useSearchParams } from 'react-router-dom';
import { ArrowRight, ChevronDown, CreditCard, Landmark, ShieldCheck } from 'lucide-react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { howItWorksQuery, paths } from '../../app/paths';
import '../../styles/marketing.css';
import walkthrough from './how-it-works/walkthrough.json';
// Made from the product by `npm run video:how-it-works`; Vite fingerprints them, so they are cached for good.
import videoWebm from './how-it-works/how-it-works.webm';
import videoMp4 from './how-it-works/how-it-works.mp4';
import videoPoster from './how-it-works/poster.jpg';
// Never inlined as a data: URL, which the content security policy would refuse for a track.
import videoCaptions from './how-it-works/how-it-works.vtt?no-inline';

const moneyFlow = [
  {
    icon: CreditCard,
    title: 'Your tenant pays by card',
    text: 'From any phone or computer, once you have added them to your property. They see the amount before they confirm.',
  },
  {
    icon: ShieldCheck,
    title: 'The payment processor charges the card',
    text: 'It handles the card details securely and collects its 3% processing fee. Rentwise never sees or stores card numbers.',
  },
  {
    icon: Landmark,
    title: 'Rent lands in your payout account',
    text: 'The processor deposits the payment to the bank account you connected, in about 3 days. Rentwise takes no cut.',
  },
];

/** Each scene's caption with the time it starts, as the captions file has them. */
const transcript = walkthrough.scenes.map((scene, index) => ({
  id: scene.id,
  caption: scene.caption,
  startSeconds: walkthrough.scenes.slice(0, index).reduce((sum, earlier) => sum + earlier.seconds, 0),
}));
const videoSeconds = walkthrough.scenes.reduce((sum, scene) => sum + scene.seconds, 0);

/** 77 -> '1:17', as a player shows times. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const questions = [
  {
    question: 'What does Rentwise cost?',
    answer:
      'Nothing. Signing up is free and Rentwise takes no cut of your rent. The only fee is the 3% processing fee that the payment processor collects on each card payment.',
  },
  {
    question: 'Is the processing fee tax deductible?',
    answer:
      'Yes. The processing fee is a cost of collecting rent, so it is tax deductible as a business expense. Your tax adviser can confirm how it applies to you.',
  },
  {
    question: 'Can I avoid the processing fee?',
    answer: 'Many landlords raise rent by 3% so that the fee is covered and what they receive stays the same.',
  },
  {
    question: 'How quickly do I get paid?',
    answer:
      'Funds usually arrive in your payout account about 3 days after your tenant pays. Timing can vary with weekends, bank holidays and your bank.',
  },
  {
    question: 'How many properties can I add?',
    answer: 'As many as you like. There is no limit on properties or tenants.',
  },
  {
    question: 'How long does registration take?',
    answer:
      'We review every landlord registration within 24 hrs. You then get an email with two steps: connect your payout account, and create your password.',
  },
  {
    question: 'How do my tenants join?',
    answer:
      "Tenants can't sign themselves up. You add each tenant to a property, and they get an email from Rentwise to create a password. If they can't find it, ask them to check their junk folder.",
  },
  {
    question: 'Where are card details kept?',
    answer:
      'With the payment processor only. Cards are entered into the processor’s secure form and never stored by Rentwise.',
  },
  {
    question: 'Who can use Rentwise?',
    answer:
      'Landlords and tenants aged 18 or over, for rent on properties in the United States, paid in US dollars.',
  },
];

export function HowItWorksPage() {
  const [searchParams] = useSearchParams();
  // The page is shared by direct link only; everyone else is sent to the home page.
  if (searchParams.get('showpage') !== howItWorksQuery.showpage) {
    return <Navigate to={paths.home.getHref()} replace />;
  }

  return (
    <div className="page container">
      <PageHeader
        eyebrow="How it works"
        title="How rent moves with Rentwise"
        description="From your tenant’s card to your bank account in about 3 days, with nothing taken by Rentwise."
      />

      <section className="section-block walkthrough" aria-labelledby="video-title">
        <h2 id="video-title" className="section-block__title">
          See it in {videoSeconds} seconds
        </h2>
        <p className="muted walkthrough__lead">
          A landlord adds a home and a tenant, the tenant pays by card, and the landlord sees the rent arrive. The
          screens are the product’s own. No sound; captions are on.
        </p>
        {/* No autoplay: the visitor starts it. The native controls work with the keyboard. */}
        <video
          className="walkthrough__video"
          controls
          preload="metadata"
          playsInline
          poster={videoPoster}
          width={1280}
          height={720}
          aria-labelledby="video-title"
        >
          <source src={videoWebm} type="video/webm" />
          <source src={videoMp4} type="video/mp4" />
          <track kind="captions" src={videoCaptions} srcLang="en" label="English" default />
          <a href={videoMp4}>Download the video (MP4)</a>
        </video>
        <h3 id="video-transcript-title" className="walkthrough__transcript-title">
          Transcript
        </h3>
        <ol className="walkthrough__transcript" aria-labelledby="video-transcript-title">
          {transcript.map(({ id, caption, startSeconds }) => (
            <li key={id}>
              <span className="walkthrough__time">{clock(startSeconds)}</span>
              <span>{caption}</span>
            </li>
          ))}
        </ol>
      </section>

      <section className="section-block" aria-labelledby="flow-title">
        <h2 id="flow-title" className="section-block__title">
          From tenant to landlord
        </h2>
        <ol className="money-flow">
          {moneyFlow.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="money-flow__step">
              <div className="money-flow__header">
                <span className="icon-badge" aria-hidden="true">
                  <Icon size={22} />
                </span>
                <span className="money-flow__number">Step {index + 1}</span>
              </div>
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section-block" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-block__title">
          Frequently asked questions
        </h2>
        <div className="faq">
          {questions.map(({ question, answer }) => (
            <details key={question} className="faq__item">
              <summary className="faq__question">
                {question}
                <ChevronDown className="faq__chevron" aria-hidden="true" size={20} />
              </summary>
              <p className="faq__answer">{answer}</p>
            </details>
          ))}
        </div>
      </section>

      <Card as="section" padding="lg" className="cta-card" aria-labelledby="cta-title">
        <div>
          <h2 id="cta-title">Ready to collect rent online?</h2>
          <p className="muted">Sign up free. We review your registration within 24 hrs.</p>
        </div>
        <Button to={paths.signUp.getHref()} size="lg">
          Landlord Sign Up
          <ArrowRight aria-hidden="true" size={20} />
        </Button>
      </Card>
    </div>
  );
}
