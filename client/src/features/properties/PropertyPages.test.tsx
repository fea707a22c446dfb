import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { LATE_FEES_OFF } from '@rentwise/libs/late-fees';
import { MESSAGES } from '@rentwise/libs/messages';
import type { ManagedProperty } from '../../app/landlordPropertiesApi';
import type { ManagedPropertyDetail } from './propertiesApi';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

const landlord = testUser({ type: 'landlord', firstName: 'Lara', lastName: 'Lord', email: 'lara@example.com', phone: '(555) 555-0111' });

const garden: ManagedProperty = {
  propertyId: '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f',
  address: '12 Garden Street, Apt 4, Springfield, IL 62704',
  line1: '12 Garden Street',
  line2: 'Apt 4',
  city: 'Springfield',
  state: 'IL',
  zip: '62704',
  rentCents: 150000,
  tenantCount: 2,
};

/** The property's own answer carries its rent terms. */
const gardenDetail: ManagedPropertyDetail = { ...garden, rentTerms: { dueDay: 1, lateFees: LATE_FEES_OFF } };

function signedInAsLandlord() {
  mswServer.use(sessionOf(landlord));
}

function withProperties(rows: ManagedProperty[]) {
  mswServer.use(http.get('/api/landlord/properties', () => HttpResponse.json({ status: 'success', rows })));
}

describe('Manage Properties', () => {
  beforeEach(signedInAsLandlord);

  it('lists each property with its address and monthly rent, linking to its update page', async () => {
    withProperties([garden]);
    renderRoute('/landlord/properties?mode=address');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Properties' })).toBeInTheDocument();
    const row = await screen.findByRole('link', { name: /12 Garden Street, Apt 4/ });
    expect(row).toHaveAttribute('href', `/landlord/property/${garden.propertyId}/update`);
    expect(within(row).getByText('$1,500.00')).toHaveClass('tabular');
    expect(screen.getByRole('link', { name: 'Add a Property' })).toHaveAttribute('href', '/landlord/property/0/add');
  });

  it('in tenant mode is titled Manage Tenants and leads to each property’s tenants', async () => {
    withProperties([garden]);
    renderRoute('/landlord/properties?mode=tenant');

    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Tenants' })).toBeInTheDocument();
    const row = await screen.findByRole('link', { name: /12 Garden Street/ });
    expect(row).toHaveAttribute('href', `/landlord/property/${garden.propertyId}/tenants`);
    expect(within(row).getByText('2 tenants')).toBeInTheDocument();
  });

  it('invites the landlord to add a first property when there are none', async () => {
    withProperties([]);
    renderRoute('/landlord/properties?mode=address');

    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Property' })).toHaveAttribute('href', '/landlord/property/0/add');
  });
});

describe('Add a Property', () => {
  beforeEach(signedInAsLandlord);

  it('from Manage Tenants with no property, adds the address, says so and goes on to add its tenant', async () => {
    const user = userEvent.setup();
    withProperties([]);
    mswServer.use(http.post('/api/landlord/properties', () => HttpResponse.json({ status: 'success', property: garden }, { status: 201 })));
    const { router } = renderRoute('/landlord/properties?mode=tenant');

    await user.click(await screen.findByRole('link', { name: 'Add an Address' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add an Address' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Address line 1' }), '12 Garden Street');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Springfield');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'IL');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '62704');
    await user.type(screen.getByRole('textbox', { name: 'Monthly rent' }), '1500{Enter}');

    expect(await screen.findByText(MESSAGES.addressAdded)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/landlord/property/${garden.propertyId}/tenants/add`));
  });

  it('shows the spec’s messages under the fields before anything is sent', async () => {
    const user = userEvent.setup();
    renderRoute('/landlord/property/0/add');

    await user.click(await screen.findByRole('button', { name: 'Add Property' }));

    expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveAccessibleDescription(MESSAGES.allAddressFieldsRequired);
    expect(screen.getByRole('textbox', { name: 'Monthly rent' })).toHaveAccessibleDescription(
      `Whole dollars, from $100 to $99,999. ${MESSAGES.rentOutOfRange}`,
    );
  });

  it('formats the rent as typed: commas, no leading zero, at most 7 characters; the state in capitals', async () => {
    const user = userEvent.setup();
    renderRoute('/landlord/property/0/add');

    const rent = await screen.findByRole('textbox', { name: 'Monthly rent' });
    await user.type(rent, '0012500');
    expect(rent).toHaveValue('12,500');
    await user.clear(rent);
    await user.type(rent, '99999999');
    expect(rent).toHaveValue('999,999');

    const state = screen.getByRole('textbox', { name: 'State' });
    await user.type(state, 'i1l');
    expect(state).toHaveValue('IL');
  });

  it('sends the form as typed, says so, and returns to the list half a second later', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mswServer.use(
      http.post('/api/landlord/properties', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success', property: garden }, { status: 201 });
      }),
    );
    withProperties([garden]);
    const { router } = renderRoute('/landlord/property/0/add');

    await user.type(await screen.findByRole('textbox', { name: 'Address line 1' }), '12 Garden Street');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Springfield');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'il');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '62704');
    await user.type(screen.getByRole('textbox', { name: 'Monthly rent' }), '1500{Enter}');

    expect(await screen.findByText(MESSAGES.propertyAdded)).toBeInTheDocument();
    expect(sent).toEqual({ line1: '12 Garden Street', line2: '', city: 'Springfield', state: 'IL', zip: '62704', rent: '1,500' });
    expect(router.state.location.pathname).toBe('/landlord/property/0/add');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/properties'));
    expect(router.state.location.search).toBe('?mode=address');
  });

  it('shows the server’s refusal on the form', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.post('/api/landlord/properties', () => HttpResponse.json({ status: 'error', error: MESSAGES.addressInvalid }, { status: 400 })),
    );
    renderRoute('/landlord/property/0/add');

    await user.type(await screen.findByRole('textbox', { name: 'Address line 1' }), '12 Garden Street');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Springfield');
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'IL');
    await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '62704');
    await user.type(screen.getByRole('textbox', { name: 'Monthly rent' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Add Property' }));

    expect(await screen.findByText(MESSAGES.addressInvalid)).toBeInTheDocument();
  });
});

describe('Update Property', () => {
  beforeEach(signedInAsLandlord);

  it('fills the form with the property, and asks before removing it', async () => {
    const user = userEvent.setup();
    const empty = { ...gardenDetail, tenantCount: 0 };
    let removed = false;
    mswServer.use(
      http.get(`/api/landlord/properties/${garden.propertyId}`, () => HttpResponse.json({ status: 'success', property: empty })),
      http.delete(`/api/landlord/properties/${garden.propertyId}`, () => {
        removed = true;
        return HttpResponse.json({ status: 'success' });
      }),
    );
    withProperties([]);
    const { router } = renderRoute(`/landlord/property/${garden.propertyId}/update`);

    expect(await screen.findByRole('textbox', { name: 'Monthly rent' })).toHaveValue('1,500');
    expect(screen.getByRole('textbox', { name: 'Address line 2 (optional)' })).toHaveValue('Apt 4');
    expect(screen.getByRole('link', { name: /Rent & late fees.*Due on the 1st · no late fees/ })).toHaveAttribute(
      'href',
      `/landlord/property/${garden.propertyId}/rent-terms`,
    );

    await user.click(screen.getByRole('button', { name: 'Remove Property' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this property?' });
    expect(removed).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Property' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/properties'));
    expect(removed).toBe(true);
    expect(await screen.findByText('12 Garden Street has been removed!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeInTheDocument();
  });

  it('explains that tenants must move out first instead of offering removal', async () => {
    const user = userEvent.setup();
    mswServer.use(
      http.get(`/api/landlord/properties/${garden.propertyId}`, () => HttpResponse.json({ status: 'success', property: gardenDetail })),
    );
    renderRoute(`/landlord/property/${garden.propertyId}/update`);

    await user.click(await screen.findByRole('button', { name: 'Remove Property' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'This property still has tenants' });
    expect(dialog).toHaveTextContent('Move or remove its 2 tenants first');
    expect(within(dialog).queryByRole('button', { name: 'Remove Property' })).not.toBeInTheDocument();
  });

  it('says so when the property is not the landlord’s', async () => {
    mswServer.use(
      http.get(`/api/landlord/properties/${garden.propertyId}`, () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.notFound }, { status: 404 }),
      ),
    );
    renderRoute(`/landlord/property/${garden.propertyId}/update`);

    expect(await screen.findByText('This property isn’t in your list')).toBeInTheDocument();
  });
});
