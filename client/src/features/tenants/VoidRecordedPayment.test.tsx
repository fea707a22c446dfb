import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { createAppStore } from '../../app/store';
import { ToastHost } from '../../components/ToastHost';
import { mswServer } from '../../test/mswServer';
import { VoidRecordedPayment } from './VoidRecordedPayment';

const payment = { receiptId: '7d4c9a2e-1b3f-4e5a-8c6d-0f1e2d3c4b5a', amountCents: 150_000, propertyId: 'p-1', tenantId: 't-1' };
const url = `/api/landlord/recorded-payments/${payment.receiptId}/void`;

function renderAction() {
  return render(
    <Provider store={createAppStore()}>
      <VoidRecordedPayment {...payment} />
      <ToastHost />
    </Provider>,
  );
}

describe('Void a recorded payment', () => {
  it('asks for the reason, sends it, and says so', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mswServer.use(
      http.post(url, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', void: { voidJournalId: 'v-1', receiptId: payment.receiptId, amountCents: 150_000 } });
      }),
    );
    renderAction();

    await user.click(screen.getByRole('button', { name: 'Void payment of $1,500.00' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Void this $1,500.00 payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void Payment' }));
    expect(await within(dialog).findByText(MESSAGES.voidReasonRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The check bounced');
    await user.click(within(dialog).getByRole('button', { name: 'Void Payment' }));
    expect(await screen.findByText(MESSAGES.recordedPaymentVoided)).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'The check bounced' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the reason: already voided', async () => {
    const user = userEvent.setup();
    mswServer.use(http.post(url, () => HttpResponse.json({ status: 'error', error: MESSAGES.recordedPaymentAlreadyVoided }, { status: 409 })));
    renderAction();

    await user.click(screen.getByRole('button', { name: 'Void payment of $1,500.00' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Recorded twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void Payment' }));
    expect(await within(dialog).findByText(MESSAGES.recordedPaymentAlreadyVoided)).toBeInTheDocument();
  });
});
