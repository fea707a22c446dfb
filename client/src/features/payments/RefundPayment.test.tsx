import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { dismissAllToasts } from '../../components/toastStore';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { Receipt } from './paymentsApi';

const receiptId = '7d1e0c4a-5b2f-4e8d-9a3c-1f2e3d4c5b6a';

const paidReceipt: Receipt = {
  receiptId,
  mode: 'landlord',
  status: 'Paid',
  disputedAfterRefund: null,
  amountCents: 150_000,
  paidAt: '2026-05-04T15:30:00.000Z',
  tenantFeeCents: 699,
  paidBy: 'Theo Tenant',
  paidTo: 'Lena Landlord',
  paymentMethod: 'Visa •••• 4242',
  transactionId: receiptId,
  propertyAddress: '12 Garden Street, Springfield, IL 62704',
  description: 'Rent payment: 12 Garden Street, Springfield, IL 62704',
  landlordContact: null,
  failureReason: null,
  automatic: false,
  recorded: null,
  refunds: [],
  refundedCents: 0,
  refundOption: { chargedCents: 150_699, refundedCents: 0, leftCents: 150_699, platformFeeCents: 699, processorFeeCents: 4_400, refusal: null },
};

const refundedReceipt: Receipt = {
  ...paidReceipt,
  status: 'Partly refunded',
  refunds: [{ amountCents: 10_000, refundedAt: '2026-05-10T15:00:00.000Z', reason: 'Plumber visit was cancelled' }],
  refundedCents: 10_000,
  refundOption: { ...paidReceipt.refundOption!, refundedCents: 10_000, leftCents: 140_699 },
};

interface RefundRequest {
  amountCents: number;
  reason: string;
  idempotencyKey: string;
}

/** The landlord's receipt, which says what the server last refunded; the refund endpoint answers as told. */
function withLandlordReceipt(answer: (body: RefundRequest, attempt: number) => Response = () => sent()) {
  let current = paidReceipt;
  const bodies: RefundRequest[] = [];
  mswServer.use(
    sessionOf(testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord', email: 'lena@example.com' })),
    http.get(`/api/landlord/payments/${receiptId}`, () => HttpResponse.json({ status: 'success', receipt: current })),
    http.post(`/api/landlord/payments/${receiptId}/refunds`, async ({ request }) => {
      const body = (await request.json()) as RefundRequest;
      bodies.push(body);
      const response = answer(body, bodies.length);
      if (response.status === 201) current = refundedReceipt;
      return response;
    }),
  );
  return bodies;
}

const sent = () =>
  HttpResponse.json(
    { status: 'success', refund: { refundId: 'b6a4c1de-0f1e-4a55-9d1e-8f0c2b3a4d5e', receiptId, amountCents: 10_000, way: 'refund', status: 'succeeded', created: true } },
    { status: 201 },
  );

afterEach(() => act(() => dismissAllToasts()));

async function openRefund() {
  const user = userEvent.setup();
  renderRoute(`/landlord/payment-receipt/${receiptId}`);
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Refund this payment?' });
  return { user, dialog };
}

describe('refunds from the landlord’s receipt', () => {
  it('start from all that is left, and say what the refund costs the landlord before they confirm', async () => {
    withLandlordReceipt();
    const { user, dialog } = await openRefund();
    const amount = within(dialog).getByLabelText('Amount to refund');
    expect(amount).toHaveValue('1506.99');
    expect(within(dialog).getByText('Up to $1,506.99')).toBeInTheDocument();
    expect(within(dialog).getByText(/After this refund, this payment costs you \$50\.99\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund $1,506.99' })).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '100');
    expect(
      within(dialog).getByText(
        'The tenant gets $100.00 back. Your balance pays $100.00. Fees are not returned: the processor fee of $44.00 and the platform fee of $6.99 stay paid. After this refund, this payment leaves you $1,356.00.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refund $100.00' })).toBeInTheDocument();
  });

  it('ask for a reason, then send the refund once with a key, and show it on the receipt', async () => {
    const bodies = withLandlordReceipt();
    const { user, dialog } = await openRefund();
    const amount = within(dialog).getByLabelText('Amount to refund');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $100.00' }));
    expect(await within(dialog).findByText(MESSAGES.refundReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), 'Plumber visit was cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $100.00' }));
    await waitFor(() => expect(bodies).toEqual([{ amountCents: 10_000, reason: 'Plumber visit was cancelled', idempotencyKey: expect.any(String) }]));
    expect(await screen.findByText(MESSAGES.refundSent)).toBeInTheDocument();

    const refunds = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refunds).getByText('Refunded on May 10, 2026')).toBeInTheDocument();
    expect(within(refunds).getByText('$100.00')).toBeInTheDocument();
    expect(within(refunds).getByText('Plumber visit was cancelled')).toBeInTheDocument();
    expect(within(refunds).getByText('Left of the payment').nextElementSibling).toHaveTextContent('$1,406.99');
    expect(screen.getByText('$1,406.99 of this payment can be refunded to the tenant.')).toBeInTheDocument();
    expect(screen.getAllByText('Partly refunded')[0]).toHaveClass('status-pill--warning');
  });

  it('put the server’s “at most” under the amount, and send the same refund again with the same key', async () => {
    const bodies = withLandlordReceipt((_body, attempt) =>
      attempt === 1
        ? HttpResponse.json({ status: 'error', error: MESSAGES.noGatewayResponse }, { status: 503 })
        : HttpResponse.json({ status: 'error', error: 'You can refund at most $1,406.99 of this payment. Please enter $1,406.99 or less.' }, { status: 400 }),
    );
    const { user, dialog } = await openRefund();
    await user.type(within(dialog).getByLabelText('Reason'), 'Moved out early');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $1,506.99' }));
    expect(await within(dialog).findByText(MESSAGES.noGatewayResponse)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund $1,506.99' }));
    expect(await within(dialog).findByText(/You can refund at most \$1,406\.99/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount to refund')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies[1].idempotencyKey).toBe(bodies[0].idempotencyKey);
  });

  it('say why a payment cannot be refunded, with no Refund action', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'landlord' })),
      http.get(`/api/landlord/payments/${receiptId}`, () =>
        HttpResponse.json({
          status: 'success',
          receipt: { ...paidReceipt, status: 'Processing', refundOption: { ...paidReceipt.refundOption!, refusal: MESSAGES.refundBankNotSettled } },
        }),
      ),
    );
    renderRoute(`/landlord/payment-receipt/${receiptId}`);
    expect(await screen.findByText(MESSAGES.refundBankNotSettled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('show the tenant each refund with its reason and what they paid less refunds', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'tenant' })),
      http.get(`/api/tenant/payments/${receiptId}`, () =>
        HttpResponse.json({ status: 'success', receipt: { ...refundedReceipt, mode: 'tenant', amountCents: 150_699, refundOption: null } }),
      ),
    );
    renderRoute(`/tenant/payment-receipt/${receiptId}`);
    const refunds = await screen.findByRole('region', { name: 'Refund' });
    expect(within(refunds).getByText('Plumber visit was cancelled')).toBeInTheDocument();
    expect(within(refunds).getByText('Paid, less refunds').nextElementSibling).toHaveTextContent('$1,406.99');
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });
});
