import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { RegistrationRow } from './operatorApi';

const operator = testUser({ type: 'operator', userId: 'operator-1', firstName: 'Olive', lastName: 'Ops', email: 'ops@rentwise.test' });

const lena: RegistrationRow = {
  registrationId: '7f0c1f1e-3a55-4c39-9a55-0b7d0f6a1d2e',
  landlordUserId: '5b1d8a52-7c1e-4d7a-9a0e-3f2b6c9d1e10',
  status: 'pending',
  firstName: 'Lena',
  lastName: 'Landlord',
  email: 'lena@example.com',
  phone: '(555) 201-3344',
  submittedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
  reviewedAt: null,
  rejectionReason: null,
  payoutStatus: null,
  payoutConnected: false,
};

const rosa: RegistrationRow = {
  ...lena,
  registrationId: '00000000-0000-4000-8000-000000000002',
  firstName: 'Rosa',
  status: 'rejected',
  email: 'rosa@example.com',
  reviewedAt: new Date().toISOString(),
  rejectionReason: 'We could not verify ownership.',
};

function withQueue(pending: RegistrationRow[], reviewed: RegistrationRow[] = []) {
  mswServer.use(
    http.get('/api/onboarding/registrations', ({ request }) =>
      HttpResponse.json({
        status: 'success',
        rows: new URL(request.url).searchParams.get('status') === 'reviewed' ? reviewed : pending,
      }),
    ),
  );
}

describe('Landlord Registrations (operator)', () => {
  beforeEach(() => {
    mswServer.use(sessionOf(operator));
  });

  it('lists pending registrations with name, email, phone and submitted time, and the recently reviewed', async () => {
    withQueue([lena], [rosa]);
    renderRoute('/operator/registrations');

    const card = await screen.findByRole('article', { name: 'Lena Landlord' });
    expect(within(card).getByRole('link', { name: 'lena@example.com' })).toHaveAttribute('href', 'mailto:lena@example.com');
    expect(within(card).getByRole('link', { name: '(555) 201-3344' })).toHaveAttribute('href', 'tel:+15552013344');
    expect(within(card).getByText('3 hours ago')).toBeInTheDocument();

    const reviewed = screen.getByRole('region', { name: 'Recently reviewed' });
    expect(await within(reviewed).findByText('Rejected')).toBeInTheDocument();
    expect(within(reviewed).getByText(/We could not verify ownership/)).toBeInTheDocument();
  });

  it('links each approved landlord, and only them, to their landlord page', async () => {
    const marcus: RegistrationRow = {
      ...lena,
      registrationId: '00000000-0000-4000-8000-000000000003',
      landlordUserId: '00000000-0000-4000-8000-0000000000aa',
      firstName: 'Marcus',
      status: 'approved',
      reviewedAt: new Date().toISOString(),
    };
    withQueue([], [marcus, rosa]);
    renderRoute('/operator/registrations');

    const link = await screen.findByRole('link', { name: 'Landlord page of Marcus Landlord' });
    expect(link).toHaveAttribute('href', '/operator/landlords/00000000-0000-4000-8000-0000000000aa');
    expect(screen.queryByRole('link', { name: 'Landlord page of Rosa Landlord' })).not.toBeInTheDocument();
  });

  it('says when nobody is waiting', async () => {
    withQueue([]);
    renderRoute('/operator/registrations');
    expect(await screen.findByRole('heading', { name: 'No registrations waiting' })).toBeInTheDocument();
  });

  it('approves after confirming, and refreshes the queue', async () => {
    withQueue([lena]);
    let approved = '';
    mswServer.use(
      http.post('/api/onboarding/registrations/:id/approve', ({ params }) => {
        approved = String(params.id);
        withQueue([]);
        return HttpResponse.json({ status: 'success' });
      }),
    );
    renderRoute('/operator/registrations');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Approve Lena Landlord' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve Lena Landlord?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve Registration' }));

    await waitFor(() => expect(approved).toBe(lena.registrationId));
    expect(await screen.findByText('Lena Landlord approved. Their setup email is on its way.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No registrations waiting' })).toBeInTheDocument();
  });

  it('requires a reason to reject, then sends it', async () => {
    withQueue([lena]);
    let sent: unknown;
    mswServer.use(
      http.post('/api/onboarding/registrations/:id/reject', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success' });
      }),
    );
    renderRoute('/operator/registrations');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reject Lena Landlord' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject Lena Landlord?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject Registration' }));
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason).toBeInvalid());
    expect(reason).toHaveAccessibleDescription(`Shown to the landlord. Be clear and kind. ${MESSAGES.rejectionReasonRequired}`);
    expect(sent).toBeUndefined();

    await user.type(reason, 'We could not verify ownership.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Registration' }));

    await waitFor(() => expect(sent).toEqual({ reason: 'We could not verify ownership.' }));
    expect(await screen.findByText('Lena Landlord rejected. We’ve emailed them your reason.')).toBeInTheDocument();
  });

  it('tells the operator when someone else reviewed it first', async () => {
    withQueue([lena]);
    mswServer.use(
      http.post('/api/onboarding/registrations/:id/approve', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.registrationAlreadyReviewed }, { status: 409 }),
      ),
    );
    renderRoute('/operator/registrations');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Approve Lena Landlord' }));
    await user.click(screen.getByRole('button', { name: 'Approve Registration' }));

    expect(await screen.findByText(MESSAGES.registrationAlreadyReviewed)).toBeInTheDocument();
  });
});
