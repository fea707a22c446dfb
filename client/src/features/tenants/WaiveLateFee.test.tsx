import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { createAppStore } from '../../app/store';
import { ToastHost } from '../../components/ToastHost';
import { mswServer } from '../../test/mswServer';
import { WaiveLateFee } from './WaiveLateFee';

const fee = { journalId: '7d4c9a2e-1b3f-4e5a-8c6d-0f1e2d3c4b5a', amountCents: 5_000, propertyId: 'p-1', tenantId: 't-1' };
const url = `/api/landlord/late-fees/${fee.journalId}/waiver`;

function renderAction() {
  return render(
    <Provider store={createAppStore()}>
      <WaiveLateFee {...fee} />
      <ToastHost />
    </Provider>,
  );
}

describe('Waive a late fee', () => {
  it('asks for the reason, sends it, and says so', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mswServer.use(
      http.post(url, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', waiver: { waiverJournalId: 'w-1', lateFeeJournalId: fee.journalId, amountCents: 5_000 } });
      }),
    );
    renderAction();

    await user.click(screen.getByRole('button', { name: 'Waive late fee of $50.00' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Waive this $50.00 late fee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Waive Late Fee' }));
    expect(await within(dialog).findByText(MESSAGES.waiverReasonRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Paid by check on the 5th');
    await user.click(within(dialog).getByRole('button', { name: 'Waive Late Fee' }));
    expect(await screen.findByText(MESSAGES.lateFeeWaived)).toBeInTheDocument();
    expect(sent).toEqual({ reason: 'Paid by check on the 5th' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal under the reason: already waived', async () => {
    const user = userEvent.setup();
    mswServer.use(http.post(url, () => HttpResponse.json({ status: 'error', error: MESSAGES.lateFeeAlreadyWaived }, { status: 409 })));
    renderAction();

    await user.click(screen.getByRole('button', { name: 'Waive late fee of $50.00' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Waive Late Fee' }));
    expect(await within(dialog).findByText(MESSAGES.lateFeeAlreadyWaived)).toBeInTheDocument();
  });
});
