import { formatCents } from '@rentwise/libs/money';

const PROCESSING_FEE_PERCENT = 3;
const exampleRentCents = 150_000;
const processingFeeCents = (exampleRentCents * PROCESSING_FEE_PERCENT) / 100;

/** A worked example of one card payment, so the fee claims on the home page are concrete. */
export function FeeExample() {
  return (
    <figure className="fee-example">
      <figcaption className="fee-example__caption">Example: {formatCents(exampleRentCents)} monthly rent</figcaption>
      <dl className="fee-example__lines">
        <div className="fee-example__line">
          <dt>Tenant pays by card</dt>
          <dd className="tabular">{formatCents(exampleRentCents)}</dd>
        </div>
        <div className="fee-example__line">
          <dt>Processing fee ({PROCESSING_FEE_PERCENT}%), kept by the payment processor</dt>
          <dd className="tabular">−{formatCents(processingFeeCents)}</dd>
        </div>
        <div className="fee-example__line">
          <dt>Rentwise fee</dt>
          <dd className="tabular">{formatCents(0)}</dd>
        </div>
        <div className="fee-example__line fee-example__line--total">
          <dt>Deposited to you in about 3 days</dt>
          <dd className="tabular">{formatCents(exampleRentCents - processingFeeCents)}</dd>
        </div>
      </dl>
    </figure>
  );
}
