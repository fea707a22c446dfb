import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import type { AuthorizeNetKeysInput } from '@rentwise/libs/schemas/authorize-net-account.schema';
import type { AuthorizeNetAccountView, ConnectedAuthorizeNetAccount } from '../../app/authorizeNetAccountApi';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const landlord = testUser({ type: 'landlord', firstName: 'Lena', lastName: 'Landlord' });

const KEYS: AuthorizeNetKeysInput = {
  apiLoginId: '5KP3u95bQpv',
  transactionKey: '346HZ32z3fP4hTG2',
  signatureKey: 'A1B2C3D4E5F6'.repeat(10) + 'A1B2C3D4',
  publicClientKey: '7aQ9pR3sT5vW8xY2zB4cD6eF',
};

const connected: ConnectedAuthorizeNetAccount = {
  apiLoginId: '9vE2hKz7Wq',
  publicClientKey: '3cF8nM2pL5rT7wX9yA1bD4e',
  webhookUrl: 'https://rentwise.test/api/webhooks/authorize-net/acct_9vE2hKz7Wq',
  savedAt: '2026-03-02T15:04:00.000Z',
  savedByName: 'Lena Landlord',
};

const viewOf = (account: ConnectedAuthorizeNetAccount | null, environment: AuthorizeNetAccountView['environment'] = 'production'): AuthorizeNetAccountView => ({
  environment,
  cardGateway: 'stripe',
  account,
});

/** GET answers whatever `view` holds at the time; PUT answers `answerPut` (the saved account by default) and records what it got. */
function withAccount(initial: AuthorizeNetAccountView, answerPut?: () => Response) {
  let view = initial;
  const sent: unknown[] = [];
  mswServer.use(
    http.get('/api/landlord/authorize-net-account', () => HttpResponse.json({ status: 'success', ...view })),
    http.put('/api/landlord/authorize-net-account', async ({ request }) => {
      const keys = (await request.json()) as AuthorizeNetKeysInput;
      sent.push(keys);
      if (answerPut) return answerPut();
      view = {
        ...view,
        account: { ...connected, apiLoginId: keys.apiLoginId, publicClientKey: keys.publicClientKey, savedAt: '2026-04-01T12:00:00.000Z' },
      };
      return HttpResponse.json({ status: 'success', ...view });
    }),
  );
  return { sent };
}

const page = () => renderRoute('/landlord/authorize-net');
const accountCard = () => screen.getByRole('region', { name: 'Authorize.Net account' });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

async function enter(user: UserEvent, keys: AuthorizeNetKeysInput) {
  await screen.findByRole('button', { name: /Keys$/ });
  for (const [label, value] of [
    ['API Login ID', keys.apiLoginId],
    ['Transaction Key', keys.transactionKey],
    ['Signature Key', keys.signatureKey],
    ['Public Client Key', keys.publicClientKey],
  ] as const) {
    await user.clear(field(label));
    await user.click(field(label));
    await user.paste(value);
  }
}

const refusal = (status: number, error: string) => () => HttpResponse.json({ status: 'error', error }, { status });

describe('The landlord’s Authorize.Net account', () => {
  beforeEach(() => {
    mswServer.use(sessionOf(landlord));
  });

  it('shows the connected account, its saving and the webhook URL to copy, and never the secret keys', async () => {
    withAccount(viewOf(connected));
    page();
    const user = userEvent.setup();

    expect(await screen.findByText('9vE2hKz7Wq')).toBeInTheDocument();
    const card = accountCard();
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByText('3cF8nM2pL5rT7wX9yA1bD4e')).toBeInTheDocument();
    expect(within(card).getByText(/by Lena Landlord/)).toBeInTheDocument();
    expect(within(card).getByText(/2026/)).toHaveAttribute('datetime', connected.savedAt);

    const webhook = within(card).getByLabelText('Webhook URL');
    expect(webhook).toHaveValue(connected.webhookUrl);
    expect(webhook).toHaveAccessibleDescription(/Account > Webhooks/);
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(connected.webhookUrl);
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The public values stay for a replacement; the secrets are never filled in.
    expect(screen.getByRole('heading', { name: 'Replace the keys' })).toBeInTheDocument();
    expect(field('API Login ID')).toHaveValue('9vE2hKz7Wq');
    for (const secret of ['Transaction Key', 'Signature Key']) {
      expect(field(secret)).toHaveAttribute('type', 'password');
      expect(field(secret)).toHaveAttribute('autocomplete', 'off');
      expect(field(secret)).toHaveValue('');
    }
    expect(field('Transaction Key')).toHaveAccessibleDescription(/New Transaction Key/);
    expect(field('Public Client Key')).toHaveAccessibleDescription(/Manage Public Client Key/);
  });

  it('saves the four keys, says the account is connected, and empties the secret keys', async () => {
    const { sent } = withAccount(viewOf(null));
    page();
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Enter the keys' })).toBeInTheDocument();
    expect(within(accountCard()).getByText('Not connected')).toBeInTheDocument();
    await enter(user, KEYS);
    await user.click(screen.getByRole('button', { name: 'Save Keys' }));

    // Announced: said in a status region.
    expect((await screen.findByText(MESSAGES.authorizeNetAccountSaved)).closest('[role="status"]')).not.toBeNull();
    expect(sent).toEqual([KEYS]);
    expect(field('Transaction Key')).toHaveValue('');
    expect(field('Signature Key')).toHaveValue('');
    expect(field('API Login ID')).toHaveValue(KEYS.apiLoginId);
    await waitFor(() => expect(within(accountCard()).getByText('Connected')).toBeInTheDocument());
    expect(within(accountCard()).getByText(KEYS.publicClientKey)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace Keys' })).toBeInTheDocument();
  });

  it('checks the keys’ shapes before sending them', async () => {
    const { sent } = withAccount(viewOf(null));
    page();
    const user = userEvent.setup();

    await enter(user, { ...KEYS, signatureKey: 'not-hex' });
    await user.click(await screen.findByRole('button', { name: 'Save Keys' }));

    expect(await screen.findByText('Enter the Signature Key: 128 characters, digits and the letters A to F.')).toBeInTheDocument();
    expect(field('Signature Key')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it.each([
    ['Authorize.Net refuses the keys', 422, MESSAGES.authorizeNetKeysRefused],
    ['the keys are another landlord’s', 409, MESSAGES.authorizeNetKeysInUse],
    ['Authorize.Net does not answer', 503, MESSAGES.noGatewayResponse],
  ])('says so when %s, and keeps what was typed', async (_case, status, message) => {
    withAccount(viewOf(null), refusal(status, message));
    page();
    const user = userEvent.setup();

    await enter(user, KEYS);
    await user.click(await screen.findByRole('button', { name: 'Save Keys' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText(MESSAGES.authorizeNetAccountSaved)).not.toBeInTheDocument();
    expect(within(accountCard()).getByText('Not connected')).toBeInTheDocument();
    expect(field('Transaction Key')).toHaveValue(KEYS.transactionKey);
  });

  it('fills in a new sandbox merchant’s keys in the offline sandbox, ready to save', async () => {
    const { sent } = withAccount(viewOf(null, 'offline'));
    let merchantsCreated = 0;
    mswServer.use(
      http.post('/api/sandbox/authorize-net/merchants', () => {
        merchantsCreated += 1;
        return HttpResponse.json(KEYS, { status: 201 });
      }),
    );
    page();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Fill in sandbox keys' }));

    await waitFor(() => expect(field('Signature Key')).toHaveValue(KEYS.signatureKey));
    expect(merchantsCreated).toBe(1);
    expect(field('API Login ID')).toHaveValue(KEYS.apiLoginId);
    expect(field('Transaction Key')).toHaveValue(KEYS.transactionKey);
    expect(field('Public Client Key')).toHaveValue(KEYS.publicClientKey);
    await user.click(screen.getByRole('button', { name: 'Save Keys' }));
    await screen.findByText(MESSAGES.authorizeNetAccountSaved);
    expect(sent).toEqual([KEYS]);
  });

  it('offers sandbox keys only in the offline sandbox', async () => {
    withAccount(viewOf(null, 'sandbox'));
    page();

    expect(await screen.findByText(/keys of an Authorize.Net sandbox account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fill in sandbox keys' })).not.toBeInTheDocument();
  });

  it('says where card rent goes today', async () => {
    withAccount({ ...viewOf(connected), cardGateway: 'authorize_net' });
    page();

    expect(await screen.findByText('Your tenants pay by card through your Authorize.Net account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payouts' })).toHaveAttribute('href', '/landlord/payouts');
  });
});
