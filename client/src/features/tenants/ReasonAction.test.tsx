import type { ReactElement } from 'react';
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
import { WaiveLateFee } from './WaiveLateFee';

const journalId = '7d4c9a2e-1b3f-4e5a-8c6d-0f1e2d3c4b5a';

/** The two ledger actions that ask for a reason, each with its own words and endpoint. */
const uses = [
  {
    action: 'Void a recorded payment',
    element: <VoidRecordedPayment receiptId={journalId} amountCents={150_000} propertyId="p-1" tenantId="t-1" />,
    url: `/api/landlord/recorded-payments/${journalId}/void`,
    answer: { status: 'success', void: { voidJournalId: 'v-1', receiptId: journalId, amountCents: 150_000 } },
    button: 'Void payment of $1,500.00',
    title: 'Void this $1,500.00 payment?',
    confirm: 'Void Payment',
    reasonRequired: MESSAGES.voidReasonRequired,
    reason: 'The check bounced',
    done: MESSAGES.recordedPaymentVoided,
    refusal: MESSAGES.recordedPaymentAlreadyVoided,
  },
  {
    action: 'Waive a late fee',
    element: <WaiveLateFee journalId={journalId} amountCents={5_000} propertyId="p-1" tenantId="t-1" />,
    url: `/api/landlord/late-fees/${journalId}/waiver`,
    answer: { status: 'success', waiver: { waiverJournalId: 'w-1', lateFeeJournalId: journalId, amountCents: 5_000 } },
    button: 'Waive late fee of $50.00',
    title: 'Waive this $50.00 late fee?',
    confirm: 'Waive Late Fee',
    reasonRequired: MESSAGES.waiverReasonRequired,
    reason: 'Paid by check on the 5th',
    done: MESSAGES.lateFeeWaived,
    refusal: MESSAGES.lateFeeAlreadyWaived,
  },
];

function renderAction(element: ReactElement) {
  return render(
    <Provider store={createAppStore()}>
      {element}
      <ToastHost />
    </Provider>,
  );
}

describe.each(uses)('$action', (use) => {
  it('asks for the reason, sends it, and says so', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mswServer.use(
      http.post(use.url, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(use.answer);
      }),
    );
    renderAction(use.element);

    await user.click(screen.getByRole('button', { name: use.button }));
    const dialog = await screen.findByRole('alertdialog', { name: use.title });
    await user.click(within(dialog).getByRole('button', { name: use.confirm }));
    expect(await within(dialog).findByText(use.reasonRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), use.reason);
    await user.click(within(dialog).getByRole('button', { name: use.confirm }));
    expect(await screen.findByText(use.done)).toBeInTheDocument();
    expect(sent).toEqual({ reason: use.reason });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the reason', async () => {
    const user = userEvent.setup();
    mswServer.use(http.post(use.url, () => HttpResponse.json({ status: 'error', error: use.refusal }, { status: 409 })));
    renderAction(use.element);

    await user.click(screen.getByRole('button', { name: use.button }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), use.reason);
    await user.click(within(dialog).getByRole('button', { name: use.confirm }));
    expect(await within(dialog).findByText(use.refusal)).toBeInTheDocument();
  });
});
