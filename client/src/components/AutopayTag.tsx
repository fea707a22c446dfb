import { Repeat } from 'lucide-react';

/**
 * Marks a payment autopay made (decision 0042), beside how it was paid: on the landlord's month page,
 * on receipts and in the tenant's history. Not a state, so not coloured as one.
 */
export function AutopayTag() {
  return (
    <span className="status-pill autopay-tag">
      <Repeat aria-hidden="true" size={12} />
      Autopay
    </span>
  );
}
