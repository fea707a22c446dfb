import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { ManagedPropertyDetail } from './propertiesApi';

const landlord = testUser({ type: 'landlord', firstName: 'Lara', lastName: 'Lord', email: 'lara@example.com', phone: '(555) 555-0111' });

const albany: ManagedPropertyDetail = {
  propertyId: '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f',
  address: '40 Orchard Lane, Albany, NY 12207',
  line1: '40 Orchard Lane',
  line2: null,
  city: 'Albany',
  state: 'NY',
  zip: '12207',
  rentCents: 150_000,
  tenantCount: 1,
  rentTerms: { dueDay: 1, lateFees: LATE_FEES_OFF },
};

const url = `/landlord/property/${albany.propertyId}/rent-terms`;

describe('Rent & late fees', () => {
  beforeEach(() => {
    mswServer.use(
      sessionOf(landlord),
      http.get(`/api/landlord/properties/${albany.propertyId}`, () => HttpResponse.json({ status: 'success', property: albany })),
    );
  });

  it('shows the fee this month’s rent would get before saving, and the state’s cap', async () => {
    const user = userEvent.setup();
    renderRoute(url);

    expect(await screen.findByRole('heading', { level: 1, name: 'Rent & late fees' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rent is due on' })).toHaveValue('1');
    expect(screen.getByRole('radio', { name: /No late fees/ })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Flat fee' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Charge late fees/ }));
    expect(screen.getByText(/New York: at most \$50 or 5% of the rent/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Flat fee' }), '50');
    await user.type(screen.getByRole('textbox', { name: 'Percentage of rent' }), '2');
    expect(screen.getByTestId('initial-late-fee')).toHaveTextContent('$80.00');
    expect(screen.getByText(/still unpaid when the 7th begins/)).toBeInTheDocument();
    expect(screen.queryByTestId('most-late-fees')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Daily fee/ }), '10');
    await user.type(screen.getByRole('textbox', { name: /Monthly cap/ }), '150');
    expect(screen.getByTestId('most-late-fees')).toHaveTextContent('$150.00');
  });

  it('sends what was typed, says so and goes back to the property', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mswServer.use(
      http.put(`/api/landlord/properties/${albany.propertyId}/rent-terms`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', property: albany });
      }),
    );
    const { router } = renderRoute(url);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Rent is due on' }), '5');
    await user.click(screen.getByRole('radio', { name: /Charge late fees/ }));
    await user.type(screen.getByRole('textbox', { name: 'Flat fee' }), '25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/landlord/property/${albany.propertyId}/update`));
    expect(sent).toEqual({ dueDay: '5', lateFeesOn: true, graceDays: '5', flatFee: '25', percentFee: '', dailyFee: '', monthlyCap: '' });
    expect(await screen.findByText(MESSAGES.rentTermsSaved)).toBeInTheDocument();
  });

  it('asks for a cap with a daily fee, under the field', async () => {
    const user = userEvent.setup();
    renderRoute(url);

    await user.click(await screen.findByRole('radio', { name: /Charge late fees/ }));
    await user.type(screen.getByRole('textbox', { name: /Daily fee/ }), '10');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('textbox', { name: /Monthly cap/ })).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.lateFeeCapRequired));
  });
});
