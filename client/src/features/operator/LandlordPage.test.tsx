import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import type { AuthorizeNetAccountView } from '../../app/authorizeNetAccountApi';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { RegistrationRow } from './operatorApi';
import type { CardGatewayChange, OperatorLandlord } from './operatorLandlordApi';

const operator = testUser({ type: 'operator', userId: 'operator-1', firstName: 'Olive', lastName: 'Ops', email: 'ops@rentwise.test' });

const LANDLORD_ID = '5b1d8a52-7c1e-4d7a-9a0e-3f2b6c9d1e10';

const marcus: OperatorLandlord = {
  userId: LANDLORD_ID,
  firstName: 'Marcus',
  lastName: 'Bell',
  email: 'marcus@example.com',
  phone: '(555) 201-3344',
  cardGateway: 'stripe',
  authorizeNetAvailable: true,
  cardGatewayChanges: [],
};

const toAuthorizeNet: CardGatewayChange = {
  fromGateway: 'stripe',
  toGateway: 'authorize_net',
  changedAt: '2026-03-02T15:04:00.000Z',
  changedByUserId: 'operator-1',
  changedByName: 'Olive Ops',
};

const marcusRegistration: RegistrationRow = {
  registrationId: '00000000-0000-4000-8000-000000000001',
  landlordUserId: LANDLORD_ID,
  status: 'approved',
  firstName: 'Marcus',
  lastName: 'Bell',
  email: 'marcus@example.com',
  phone: '(555) 201-3344',
  submittedAt: '2026-03-01T10:00:00.000Z',
  reviewedAt: '2026-03-01T12:00:00.000Z',
  rejectionReason: null,
  payoutStatus: 'active',
  payoutConnected: true,
};

/** The server's landlord page answers with whatever `landlord` holds at the time of the request. */
function withLandlord(landlord: () => OperatorLandlord) {
  mswServer.use(
    http.get('/api/operator/landlords/:id', ({ params }) =>
      params.id === landlord().userId
        ? HttpResponse.json({ status: 'success', landlord: landlord() })
        : HttpResponse.json({ status: 'error', error: MESSAGES.notFound }, { status: 404 }),
    ),
  );
}

const noAuthorizeNetAccount: AuthorizeNetAccountView = { environment: 'production', cardGateway: 'stripe', account: null };

const page = () => renderRoute(`/operator/landlords/${LANDLORD_ID}`);
const gatewayCard = () => screen.getByRole('region', { name: 'Card gateway' });
const history = () => screen.getByRole('region', { name: 'Card gateway history' });

describe('Operator’s landlord page', () => {
  beforeEach(() => {
    mswServer.use(
      sessionOf(operator),
      http.get('/api/onboarding/registrations', () => HttpResponse.json({ status: 'success', rows: [marcusRegistration] })),
      http.get('/api/operator/landlords/:id/authorize-net-account', () => HttpResponse.json({ status: 'success', ...noAuthorizeNetAccount })),
    );
  });

  it('shows the landlord’s contact, registration, current card gateway and an empty history', async () => {
    withLandlord(() => marcus);
    page();

    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Bell' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'marcus@example.com' })).toHaveAttribute('href', 'mailto:marcus@example.com');
    expect(screen.getByRole('link', { name: '(555) 201-3344' })).toHaveAttribute('href', 'tel:+15552013344');
    expect(await screen.findByText('Registration approved')).toBeInTheDocument();
    expect(screen.getByText('Payout account connected')).toBeInTheDocument();
    expect(within(gatewayCard()).getByText('Stripe')).toBeInTheDocument();
    expect(within(history()).getByRole('heading', { name: 'No changes yet' })).toBeInTheDocument();
  });

  it('switches to Authorize.Net after confirming, shows it only once the server answers, and adds the audit row', async () => {
    let landlord = marcus;
    let sent: unknown;
    let answer: () => void = () => undefined;
    withLandlord(() => landlord);
    mswServer.use(
      http.put('/api/operator/landlords/:id/card-gateway', async ({ request }) => {
        sent = await request.json();
        await new Promise<void>((resolve) => (answer = resolve));
        landlord = { ...marcus, cardGateway: 'authorize_net', cardGatewayChanges: [toAuthorizeNet] };
        return HttpResponse.json({ status: 'success', changed: true });
      }),
    );
    page();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch to Authorize.Net' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Switch Marcus Bell to Authorize.Net?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch to Authorize.Net' }));

    await waitFor(() => expect(sent).toEqual({ gateway: 'authorize_net' }));
    // Nothing changes on the page before the server has confirmed.
    expect(within(gatewayCard()).getByText('Stripe')).toBeInTheDocument();
    answer();

    expect(await screen.findByText('Marcus Bell’s tenants now pay by card through Authorize.Net.')).toBeInTheDocument();
    await waitFor(() => expect(within(gatewayCard()).getByText('Authorize.Net')).toBeInTheDocument());
    const row = within(history()).getByRole('listitem');
    expect(row).toHaveTextContent('From Stripe to Authorize.Net');
    expect(row).toHaveTextContent('by Olive Ops');
    expect(within(row).getByText(/2026/)).toHaveAttribute('datetime', toAuthorizeNet.changedAt);
    expect(screen.getByRole('button', { name: 'Switch to Stripe' })).toBeInTheDocument();
  });

  it('lists the changes newest first', async () => {
    const back: CardGatewayChange = { ...toAuthorizeNet, fromGateway: 'authorize_net', toGateway: 'stripe', changedAt: '2026-03-05T09:00:00.000Z' };
    withLandlord(() => ({ ...marcus, cardGatewayChanges: [toAuthorizeNet, back] }));
    page();

    await screen.findByRole('heading', { level: 1, name: 'Marcus Bell' });
    const rows = within(history()).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('time')?.getAttribute('datetime'))).toEqual([back.changedAt, toAuthorizeNet.changedAt]);
  });

  it('shows the server’s refusal when Authorize.Net is not set up, and keeps Stripe', async () => {
    withLandlord(() => marcus);
    mswServer.use(
      http.put('/api/operator/landlords/:id/card-gateway', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.authorizeNetAccountMissing }, { status: 409 }),
      ),
    );
    page();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Switch to Authorize.Net' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Switch to Authorize.Net' }));

    const alert = await within(gatewayCard()).findByRole('alert');
    expect(alert).toHaveTextContent('The gateway wasn’t changed. Stripe is still in use.');
    expect(alert).toHaveTextContent(MESSAGES.authorizeNetAccountMissing);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(gatewayCard()).getByText('Stripe')).toBeInTheDocument();
    expect(within(history()).getByRole('heading', { name: 'No changes yet' })).toBeInTheDocument();
  });

  it('explains, instead of offering the switch, when the installation has no Authorize.Net', async () => {
    withLandlord(() => ({ ...marcus, authorizeNetAvailable: false }));
    page();

    expect(await within(await screen.findByRole('region', { name: 'Card gateway' })).findByText('Authorize.Net isn’t available')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.authorizeNetAccountMissing)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to Authorize.Net' })).not.toBeInTheDocument();
  });

  it('saves the landlord’s Authorize.Net keys for them, after which the switch is offered', async () => {
    let landlord: OperatorLandlord = { ...marcus, authorizeNetAvailable: false };
    let sent: unknown;
    withLandlord(() => landlord);
    mswServer.use(
      http.put('/api/operator/landlords/:id/authorize-net-account', async ({ params, request }) => {
        sent = { landlordUserId: params.id, keys: await request.json() };
        landlord = { ...marcus, authorizeNetAvailable: true };
        return HttpResponse.json({
          status: 'success',
          ...noAuthorizeNetAccount,
          account: { apiLoginId: '5KP3u95bQpv', publicClientKey: '7aQ9pR3sT5vW8xY2zB4cD6eF', webhookUrl: 'https://rentwise.test/w', savedAt: '2026-03-02T15:04:00.000Z', savedByName: 'Olive Ops' },
        });
      }),
    );
    page();
    const user = userEvent.setup();
    const keys = { apiLoginId: '5KP3u95bQpv', transactionKey: '346HZ32z3fP4hTG2', signatureKey: 'ab12'.repeat(32), publicClientKey: '7aQ9pR3sT5vW8xY2zB4cD6eF' };

    const account = await screen.findByRole('region', { name: 'Authorize.Net account' });
    expect(within(gatewayCard()).getByText('Authorize.Net isn’t available')).toBeInTheDocument();
    await user.type(await within(account).findByLabelText('API Login ID'), keys.apiLoginId);
    await user.type(within(account).getByLabelText('Transaction Key'), keys.transactionKey);
    await user.click(within(account).getByLabelText('Signature Key'));
    await user.paste(keys.signatureKey);
    await user.type(within(account).getByLabelText('Public Client Key'), keys.publicClientKey);
    await user.click(within(account).getByRole('button', { name: 'Save Keys' }));

    expect(await within(account).findByText('Marcus Bell’s Authorize.Net account is connected.')).toBeInTheDocument();
    expect(sent).toEqual({ landlordUserId: LANDLORD_ID, keys });
    expect(await within(gatewayCard()).findByRole('button', { name: 'Switch to Authorize.Net' })).toBeInTheDocument();
  });

  it('says so when there is no such landlord, with the way back to Registrations', async () => {
    withLandlord(() => marcus);
    renderRoute('/operator/landlords/00000000-0000-4000-8000-00000000dead');

    expect(await screen.findByRole('heading', { level: 1, name: 'Landlord not found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No landlord at this address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Registrations' })).toHaveAttribute('href', '/operator/registrations');
  });

  it('offers a retry when the landlord does not load', async () => {
    let failing = true;
    mswServer.use(
      http.get('/api/operator/landlords/:id', () =>
        failing ? HttpResponse.json({ status: 'error' }, { status: 503 }) : HttpResponse.json({ status: 'success', landlord: marcus }),
      ),
    );
    page();
    const user = userEvent.setup();

    expect(await screen.findByText('We couldn’t load this landlord.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marcus Bell' })).toBeInTheDocument();
  });
});
