import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorizeNetCardForm } from './AuthorizeNetCardForm';

/** jsdom has no matchMedia: a window that is, or is not, narrower than 375 px. */
function windowNarrowerThan375(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The offline sandbox with the landlord's own sandbox merchant account. */
const SANDBOX_GATEWAY = { kind: 'sandbox', tokenizerUrl: '/sandbox/anet/v1/payment_nonces', apiLoginId: 'sbx4Kx9Lm2', clientKey: 'sbxClientKey7Q2mN8pR4tW6yZ1' } as const;

function renderForm() {
  const onAccepted = vi.fn();
  const onRefused = vi.fn();
  render(<AuthorizeNetCardForm gateway={SANDBOX_GATEWAY} onAccepted={onAccepted} onRefused={onRefused} submitLabel="Continue" />);
  return { onAccepted, onRefused };
}

const fill = async (label: string, text: string) => {
  await userEvent.clear(screen.getByLabelText(label));
  if (text) await userEvent.type(screen.getByLabelText(label), text);
};

describe('the Authorize.Net card form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [{ number: '', expiry: '12/34', cvc: '123' }, 'Your card number is incomplete.'],
    [{ number: '4111 1111', expiry: '12/34', cvc: '123' }, 'Your card number is incomplete.'],
    [{ number: '4111 1111 1111 1111', expiry: '', cvc: '123' }, 'Your card expiry is incomplete.'],
    [{ number: '4111 1111 1111 1111', expiry: '123', cvc: '123' }, 'Card expiration format: MM/YY'],
    [{ number: '4111 1111 1111 1111', expiry: '12/34', cvc: '' }, 'Your security code is incomplete.'],
    [{ number: '4111 1111 1111 1111', expiry: '12/34', cvc: '12' }, 'Your security code is incomplete.'],
  ])('checks %o on Continue: %s', async (card, message) => {
    windowNarrowerThan375(false);
    const { onAccepted } = renderForm();
    await fill('Card number', card.number);
    await fill('Expiry (MM/YY)', card.expiry);
    await fill('CVC', card.cvc);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('keeps the spec’s maximum lengths: 19 for the number, 5 for the expiry, 3 for the code', () => {
    windowNarrowerThan375(false);
    renderForm();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('maxLength', '19');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('maxLength', '5');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('maxLength', '3');
  });

  it('shows number, expiry and code as separate fields under 375 px, each with its own message', async () => {
    windowNarrowerThan375(true);
    renderForm();
    expect(document.querySelector('.authorize-net-card__row')).toBeNull();
    expect(document.querySelector('.authorize-net-card__fields')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeVisible();
    expect(screen.getByText('Your card expiry is incomplete.')).toBeVisible();
    expect(screen.getByText('Your security code is incomplete.')).toBeVisible();
  });

  it('keeps the field being typed in, its value and its focus, when a phone turns across 375 px', async () => {
    let narrow = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return narrow;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }));
    renderForm();
    const number = screen.getByLabelText('Card number');
    await userEvent.type(number, '4111 1111');

    narrow = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(document.querySelector('.authorize-net-card__row')).not.toBeNull();
    expect(screen.getByLabelText('Card number')).toBe(number);
    expect(number).toHaveFocus();
    await userEvent.type(number, ' 1111 1111');
    expect(number).toHaveValue('4111 1111 1111 1111');
  });

  it('sends the card with the landlord’s login id and client key to the gateway’s tokenizer, and passes on only the nonce, brand and last four', async () => {
    windowNarrowerThan375(false);
    const fetchMock = vi.fn(async () =>
      Response.json({ opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'sandbox-nonce-abc' }, messages: { resultCode: 'Ok', message: [] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onAccepted } = renderForm();
    await fill('Card number', '4111111111111111');
    await fill('Expiry (MM/YY)', '1234');
    await fill('CVC', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/sandbox/anet/v1/payment_nonces', expect.objectContaining({ method: 'POST' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    // Accept.js's dispatchData shape, so the sandbox checks the keys as Authorize.Net does.
    expect(JSON.parse(init.body as string)).toEqual({
      authData: { apiLoginID: 'sbx4Kx9Lm2', clientKey: 'sbxClientKey7Q2mN8pR4tW6yZ1' },
      cardData: { cardNumber: '4111111111111111', month: '12', year: '2034', cardCode: '123' },
    });
    expect(onAccepted).toHaveBeenCalledWith({ paymentMethodId: 'sandbox-nonce-abc', nonceDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', brand: 'visa', last4: '1111' });
  });

  it("says 'Error. Check your card information.' when the gateway refuses, 'Please refresh and try again.' when it does not answer", async () => {
    windowNarrowerThan375(false);
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'x' }] } }, { status: 400 })));
    const { onRefused } = renderForm();
    await fill('Card number', '4111111111111111');
    await fill('Expiry (MM/YY)', '1234');
    await fill('CVC', '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('Error. Check your card information.'));
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith('Please refresh and try again.'));
  });
});
