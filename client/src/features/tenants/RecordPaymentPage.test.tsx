import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { TenancyLedger } from './tenancyLedgerApi';

const propertyId = '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';
const tenantId = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const ledgerUrl = `/api/landlord/properties/${propertyId}/tenants/${tenantId}/ledger`;
const pageUrl = `/landlord/property/${propertyId}/tenants/${tenantId}/record-payment`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ledger: TenancyLedger = {
  propertyId,
  propertyAddress: '12 Garden Street, Springfield, IL 62704',
  tenantUserId: tenantId,
  tenantName: 'Tina Tenant',
  timeZone: 'America/New_York',
  balanceCents: 150_000,
  lines: [
    { journalId: 'j1', kind: 'rent_charge', occurredAt: '2025-04-01T04:00:00.000Z', date: '2025-04-01', what: 'Rent for April 2025', amountCents: 150_000, balanceCents: 150_000, waived: false, voided: false },
  ],
};

/** The landlord on the form, with every request to record kept in `sent`. */
function openForm(answer: (body: Record<string, unknown>) => Response = () => HttpResponse.json({ status: 'success', payment: { receiptId: 'r-1', created: true } }, { status: 201 })) {
  const sent: Record<string, unknown>[] = [];
  mswServer.use(
    sessionOf(testUser({ type: 'landlord' })),
    http.get(ledgerUrl, () => HttpResponse.json({ status: 'success', ledger })),
    http.post('/api/landlord/recorded-payments', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
  );
  renderRoute(pageUrl);
  return sent;
}

const main = () => screen.getByRole('main');
const dateReceived = () => within(main()).getByLabelText('Date received');

describe('Record a payment', () => {
  it('asks for a check’s number before sending anything', async () => {
    const user = userEvent.setup();
    const sent = openForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Record a Payment' })).toBeInTheDocument();
    expect(await within(main()).findByRole('radio', { name: 'Check' })).toBeChecked();
    expect(within(main()).getByText('Balance due: $1,500.00')).toBeInTheDocument();

    await user.type(within(main()).getByRole('textbox', { name: 'Amount' }), '1,500');
    await user.click(within(main()).getByRole('button', { name: 'Record Payment' }));
    const checkNumber = within(main()).getByRole('textbox', { name: 'Check number' });
    expect(checkNumber).toHaveAttribute('aria-invalid', 'true');
    expect(checkNumber).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.checkNumberRequired));
    expect(sent).toEqual([]);
  });

  it('records cash without a reference, as typed, and goes back to the ledger', async () => {
    const user = userEvent.setup();
    const sent = openForm();
    await screen.findByRole('textbox', { name: 'Amount' });

    await user.click(within(main()).getByRole('radio', { name: 'Cash' }));
    expect(within(main()).getByRole('textbox', { name: 'Receipt number or note (optional)' })).toBeInTheDocument();
    await user.type(within(main()).getByRole('textbox', { name: 'Amount' }), '200.50');
    fireEvent.change(dateReceived(), { target: { value: '2025-04-05' } });
    await user.click(within(main()).getByRole('button', { name: 'Record Payment' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tina Tenant’s ledger' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.paymentRecorded)).toBeInTheDocument();
    expect(sent).toEqual([
      { propertyId, tenantUserId: tenantId, receivedOn: '2025-04-05', amount: '200.50', method: 'cash', reference: '', idempotencyKey: expect.stringMatching(UUID) },
    ]);
  });

  it('shows the server’s refusal under its field, and sends the same payment again under the same key', async () => {
    const user = userEvent.setup();
    const sent = openForm(() => HttpResponse.json({ status: 'error', error: MESSAGES.receivedOnBeforeTenancy }, { status: 400 }));
    await screen.findByRole('textbox', { name: 'Amount' });

    await user.type(within(main()).getByRole('textbox', { name: 'Amount' }), '1500');
    await user.type(within(main()).getByRole('textbox', { name: 'Check number' }), '1234');
    fireEvent.change(dateReceived(), { target: { value: '2025-01-05' } });
    await user.click(within(main()).getByRole('button', { name: 'Record Payment' }));
    expect(await within(main()).findByText(MESSAGES.receivedOnBeforeTenancy)).toBeInTheDocument();
    expect(dateReceived()).toHaveAttribute('aria-invalid', 'true');
    expect(within(main()).getByRole('button', { name: 'Record Payment' })).toBeEnabled();

    // The same details again (say its answer was lost): the same key, so it could never count twice.
    await user.click(within(main()).getByRole('button', { name: 'Record Payment' }));
    await within(main()).findByText(MESSAGES.receivedOnBeforeTenancy);
    // Changed details are another payment: a new key.
    fireEvent.change(dateReceived(), { target: { value: '2025-03-05' } });
    await user.click(within(main()).getByRole('button', { name: 'Record Payment' }));
    await within(main()).findByText(MESSAGES.receivedOnBeforeTenancy);

    expect(sent).toHaveLength(3);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(sent[2].idempotencyKey).not.toBe(sent[0].idempotencyKey);
    expect(sent.map((body) => body.receivedOn)).toEqual(['2025-01-05', '2025-01-05', '2025-03-05']);
  });

  it('says so when the tenant is not the landlord’s', async () => {
    mswServer.use(
      sessionOf(testUser({ type: 'landlord' })),
      http.get(ledgerUrl, () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    renderRoute(pageUrl);
    expect(await screen.findByText('This tenant isn’t one of yours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).not.toBeInTheDocument();
  });
});
