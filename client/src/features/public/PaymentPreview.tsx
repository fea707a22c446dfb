import { Check, CircleCheck } from 'lucide-react';
import { formatCents } from '@rentwise/libs/money';

const exampleRentCents = 185_000;

const timeline = [
  { step: 'Tenant paid by card', when: 'Today', done: true },
  { step: 'Card payment processed', when: 'Today', done: true },
  { step: 'Deposited to your bank', when: 'In about 3 days', done: false },
];

/** An illustration of a received rent payment, labelled as an example. */
export function PaymentPreview() {
  return (
    <figure className="payment-preview">
      <div className="payment-preview__card">
        <div className="payment-preview__top">
          <span className="payment-preview__label">Rent payment</span>
          <span className="status-pill status-pill--success">
            <CircleCheck aria-hidden="true" size={14} />
            Paid
          </span>
        </div>
        <p className="payment-preview__amount tabular">{formatCents(exampleRentCents)}</p>
        <p className="payment-preview__meta">12 Alder Court, Unit 2B</p>
        <ol className="timeline">
          {timeline.map(({ step, when, done }) => (
            <li key={step} className={`timeline__item${done ? ' timeline__item--done' : ''}`}>
              <span className="timeline__dot" aria-hidden="true">
                {done && <Check size={12} strokeWidth={3} />}
              </span>
              <span className="timeline__step">{step}</span>
              <span className="timeline__when">{when}</span>
            </li>
          ))}
        </ol>
        <div className="payment-preview__fee">
          <span>Rentwise fee</span>
          <span className="tabular">{formatCents(0)}</span>
        </div>
      </div>
      <figcaption className="payment-preview__caption">Example payment</figcaption>
    </figure>
  );
}
