import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import type { Residence } from '../../app/residenceApi';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';
import type { LandlordTenant } from './tenantsApi';
import type { TenantAutopay } from './tenantsAutopayApi';

const propertyId = '3f1c7a2e-8d4b-4c1a-9e2f-1a2b3c4d5e6f';
const otherPropertyId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const property = { propertyId, address: '12 Garden Street, Springfield, IL 62704', rentCents: 150000 };
const tina: LandlordTenant = {
  tenantId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  propertyId,
  firstName: 'Tina',
  lastName: 'Tenant',
  email: 'tina@example.com',
  phone: '(503) 555-0142',
  hasSignedIn: false,
  startedAt: '2026-03-02T10:00:00.000Z',
};

function signedInAs(type: 'landlord' | 'tenant') {
  mswServer.use(sessionOf(testUser({ type })));
}

/** The tenants' list, and their autopay (GET /api/landlord/autopay): by default nobody has it on. */
function withTenants(rows: LandlordTenant[], id = propertyId, autopay: () => Response = () => HttpResponse.json({ status: 'success', tenants: [] })) {
  mswServer.use(
    http.get(`/api/landlord/properties/${id}/tenants`, () =>
      HttpResponse.json({ status: 'success', property: { ...property, propertyId: id }, rows }),
    ),
    http.get('/api/landlord/autopay', autopay),
  );
}

async function fillTenantForm(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByRole('textbox', { name: label });
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('a property’s tenants', () => {
  it('lists each tenant with Edit, Email (mailto) and Call (tel:+1 and digits)', async () => {
    signedInAs('landlord');
    withTenants([tina]);
    renderRoute(`/landlord/property/${propertyId}/tenants`);

    const card = (await screen.findByRole('heading', { name: 'Tina Tenant' })).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Edit Tina Tenant' })).toHaveAttribute(
      'href',
      `/landlord/property/${propertyId}/${tina.tenantId}/edit`,
    );
    expect(within(card).getByRole('link', { name: 'Email Tina Tenant' })).toHaveAttribute('href', 'mailto:tina@example.com');
    expect(within(card).getByRole('link', { name: 'Call Tina Tenant' })).toHaveAttribute('href', 'tel:+15035550142');
    expect(within(card).getByText('Invited')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Tenant' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants/add`);
  });

  it('says beside each tenant whether autopay is on, with the last automatic payment and why it failed', async () => {
    const theo: LandlordTenant = { ...tina, tenantId: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f', firstName: 'Theo', email: 'theo@example.com', hasSignedIn: true };
    const failureMessage = 'The bank returned the payment: not enough money in the account.';
    const autopay: TenantAutopay[] = [
      {
        tenantUserId: theo.tenantId,
        isOn: true,
        lastPayment: { period: '2027-01', attempt: 1, amountCents: 150_000, status: 'failed', failureMessage, createdAt: '2026-12-29T11:00:00.000Z' },
      },
    ];
    signedInAs('landlord');
    withTenants([tina, theo], propertyId, () => HttpResponse.json({ status: 'success', tenants: autopay }));
    renderRoute(`/landlord/property/${propertyId}/tenants`);

    const theoCard = within((await screen.findByRole('heading', { name: 'Theo Tenant' })).closest('li')!);
    expect(await theoCard.findByText('Autopay on')).toHaveClass('status-pill');
    expect(theoCard.getByText(/Last automatic payment/).closest('p')).toHaveTextContent(`Last automatic payment: January 2027, $1,500.00 Failed${failureMessage}`);
    expect(theoCard.getByText('Failed')).toHaveClass('status-pill--danger');
    const tinaCard = within(screen.getByRole('heading', { name: 'Tina Tenant' }).closest('li')!);
    expect(tinaCard.getByText('Autopay off')).toBeInTheDocument();
    expect(tinaCard.queryByText(/Last automatic payment/)).toBeNull();
  });

  it('lists the tenants without a word on autopay when it does not load', async () => {
    let asked = false;
    signedInAs('landlord');
    withTenants([tina], propertyId, () => {
      asked = true;
      return HttpResponse.json({ status: 'error', error: 'Internal' }, { status: 500 });
    });
    renderRoute(`/landlord/property/${propertyId}/tenants`);
    expect(await screen.findByRole('heading', { name: 'Tina Tenant' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByText(/Autopay (on|off)/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers Add a Tenant when nobody lives there yet', async () => {
    signedInAs('landlord');
    withTenants([]);
    renderRoute(`/landlord/property/${propertyId}/tenants`);

    expect(await screen.findByRole('heading', { name: 'No tenants yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a Tenant' })).toBeInTheDocument();
  });
});

describe('Add a Tenant', () => {
  it('asks for every field and matching emails, with the spec’s messages', async () => {
    signedInAs('landlord');
    withTenants([]);
    const user = userEvent.setup();
    renderRoute(`/landlord/property/${propertyId}/tenants/add`);

    await user.click(await screen.findByRole('button', { name: 'Add Tenant' }));
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(MESSAGES.completeAllFields);

    await fillTenantForm(user, {
      'First name': 'Tina',
      'Last name': 'Tenant',
      Email: 'tina@example.com',
      'Confirm email': 'tine@example.com',
      Phone: '5035550142',
    });
    await user.click(screen.getByRole('button', { name: 'Add Tenant' }));
    expect(screen.getByRole('textbox', { name: 'Confirm email' })).toHaveAccessibleDescription(MESSAGES.emailsDoNotMatch);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('(503) 555-0142');
  });

  it('creates the tenant and confirms with Add Another Tenant and View All Tenants', async () => {
    signedInAs('landlord');
    withTenants([]);
    let sent: unknown;
    mswServer.use(
      http.post(`/api/landlord/properties/${propertyId}/tenants`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 'success', invited: { firstName: 'Tina', lastName: 'Tenant', email: 'tina@example.com' } },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`/landlord/property/${propertyId}/tenants/add`);
    await screen.findByRole('button', { name: 'Add Tenant' });

    await fillTenantForm(user, {
      'First name': 'Tina',
      'Last name': 'Tenant',
      Email: 'Tina@Example.com',
      'Confirm email': 'tina@example.com',
      Phone: '5035550142',
    });
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tenant Added' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/landlord/property/${propertyId}/tenant/added`);
    expect(sent).toMatchObject({ firstName: 'Tina', email: 'Tina@Example.com', phone: '(503) 555-0142' });
    expect(screen.getByText('tina@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Another Tenant' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants/add`);
    expect(screen.getByRole('link', { name: 'View All Tenants' })).toHaveAttribute('href', `/landlord/property/${propertyId}/tenants`);
  });
});

describe('Edit Tenant', () => {
  function withTenant() {
    signedInAs('landlord');
    mswServer.use(
      http.get(`/api/landlord/properties/${propertyId}/tenants/${tina.tenantId}`, () =>
        HttpResponse.json({ status: 'success', property, tenant: tina }),
      ),
      http.get('/api/landlord/properties', () =>
        HttpResponse.json({
          status: 'success',
          rows: [
            { ...property, tenantCount: 1 },
            { propertyId: otherPropertyId, address: '8 Hill Road, Salem, OR 97301', rentCents: 90000, tenantCount: 0 },
          ],
        }),
      ),
    );
  }

  it('moves the tenant to another property and shows that property’s tenants', async () => {
    withTenant();
    withTenants([{ ...tina, propertyId: otherPropertyId }], otherPropertyId);
    let sent: { propertyId?: string } = {};
    mswServer.use(
      http.patch(`/api/landlord/properties/${propertyId}/tenants/${tina.tenantId}`, async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json({
          status: 'success',
          property: { ...property, propertyId: otherPropertyId },
          tenant: { ...tina, propertyId: otherPropertyId },
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`/landlord/property/${propertyId}/${tina.tenantId}/edit`);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Property' }), '8 Hill Road, Salem, OR 97301');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/landlord/property/${otherPropertyId}/tenants`));
    expect(sent.propertyId).toBe(otherPropertyId);
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
  });

  it.each([MESSAGES.tenantEmailUnavailable, MESSAGES.emailChangeNeedsOwner])(
    'shows a refused new email under the email field: %s',
    async (message) => {
      withTenant();
      mswServer.use(
        http.patch(`/api/landlord/properties/${propertyId}/tenants/${tina.tenantId}`, () =>
          HttpResponse.json({ status: 'error', error: message }, { status: 409 }),
        ),
      );
      const user = userEvent.setup();
      renderRoute(`/landlord/property/${propertyId}/${tina.tenantId}/edit`);
      await screen.findByRole('button', { name: 'Save Changes' });

      await fillTenantForm(user, { Email: 'tina.new@example.com', 'Confirm email': 'tina.new@example.com' });
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(message));
    },
  );

  it('asks before removing the tenant, then says "{name} has been removed!"', async () => {
    withTenant();
    withTenants([]);
    mswServer.use(
      http.delete(`/api/landlord/properties/${propertyId}/tenants/${tina.tenantId}`, () =>
        HttpResponse.json({ status: 'success', removed: { name: 'Tina Tenant' } }),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderRoute(`/landlord/property/${propertyId}/${tina.tenantId}/edit`);

    await user.click(await screen.findByRole('button', { name: 'Remove Tenant' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Tina Tenant?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Tenant' }));

    expect(await screen.findByText('Tina Tenant has been removed!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/landlord/property/${propertyId}/tenants`));
    expect(await screen.findByRole('heading', { name: 'No tenants yet' })).toBeInTheDocument();
  });
});

describe('Contact Landlord', () => {
  it('shows the landlord’s name with Email and Call links, and a way back', async () => {
    signedInAs('tenant');
    const residence: Residence = {
      propertyId,
      propertyAddress: property.address,
      rentCents: 150000,
      landlord: { firstName: 'Lara', lastName: 'Lord', email: 'lara@example.com', phone: '(555) 555-0111', photoUrl: null },
    };
    mswServer.use(http.get('/api/tenant/residence', () => HttpResponse.json({ status: 'success', residence })));
    renderRoute('/tenant/contact-landlord');

    expect(await screen.findByRole('heading', { name: 'Lara Lord' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lara Lord has no photo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:lara@example.com');
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+15555550111');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/tenant/dashboard');
  });
});
