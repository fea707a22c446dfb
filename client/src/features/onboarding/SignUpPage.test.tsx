import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rentwise/libs/messages';
import { mswServer } from '../../test/mswServer';
import { renderRoute } from '../../test/renderRoute';
import { sessionOf, testUser } from '../../test/session';

async function fillIn(values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Confirm email' | 'Phone', string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const complete = {
  'First name': 'Lena',
  'Last name': 'Landlord',
  Email: 'Lena@Example.com',
  'Confirm email': 'lena@example.com',
  Phone: '5552013344',
};

describe('Landlord Sign Up', () => {
  beforeEach(() => {
    mswServer.use(sessionOf(null));
  });

  it('offers the five fields, the Terms and Privacy line, and Return to Homepage', async () => {
    renderRoute('/sign-up');

    expect(await screen.findByRole('heading', { level: 1, name: 'Landlord Sign Up' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email', 'Confirm email', 'Phone']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(/Ask your landlord to add you/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/By clicking Continue, you agree to our/)).toHaveTextContent(
      'By clicking Continue, you agree to our Terms and Privacy Policy.',
    );
    expect(main.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-of-use');
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(main.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });

  it('masks the phone as (999) 999-9999 while it is typed', async () => {
    renderRoute('/sign-up');
    await screen.findByLabelText('Phone');

    await fillIn({ Phone: '5552013344' });

    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 201-3344');
  });

  it('shows what is missing under each field, without calling the server', async () => {
    renderRoute('/sign-up');
    await screen.findByLabelText('Email');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    for (const label of ['First name', 'Last name', 'Email', 'Confirm email', 'Phone']) {
      const input = screen.getByLabelText(label);
      expect(input).toBeInvalid();
      expect(input).toHaveAccessibleDescription(MESSAGES.completeAllFields);
    }
  });

  it('says when the emails do not match, and when the phone or email is incomplete', async () => {
    renderRoute('/sign-up');
    await screen.findByLabelText('Email');
    const user = await fillIn({ ...complete, 'Confirm email': 'other@example.com', Phone: '555201' });

    await user.keyboard('{Enter}');

    expect(await screen.findByText(MESSAGES.emailsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm email')).toHaveAccessibleDescription(MESSAGES.emailsDoNotMatch);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.phoneInvalid);

    await fillIn({ Email: 'not-an-email', 'Confirm email': 'not-an-email' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(MESSAGES.emailInvalid)).toHaveLength(2);
  });

  it('sends the application with the email lowercased, then shows the registered page', async () => {
    let sent: unknown;
    mswServer.use(
      http.post('/api/onboarding/registrations', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 'success' }, { status: 201 });
      }),
    );
    const { router } = renderRoute('/sign-up');
    await screen.findByLabelText('Email');
    const user = await fillIn(complete);

    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/registered'));
    expect(sent).toEqual({
      firstName: 'Lena',
      lastName: 'Landlord',
      email: 'lena@example.com',
      confirmEmail: 'lena@example.com',
      phone: '(555) 201-3344',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks for signing up' })).toBeInTheDocument();
    expect(screen.getByText(/Your registration is reviewed and a link is sent/)).toHaveTextContent(
      'Your registration is reviewed and a link is sent within 24 hrs. Check your email, including your junk folders',
    );
  });

  it('shows "email taken" under the email field', async () => {
    mswServer.use(
      http.post('/api/onboarding/registrations', () =>
        HttpResponse.json({ status: 'error', error: MESSAGES.emailTaken }, { status: 409 }),
      ),
    );
    const { router } = renderRoute('/sign-up');
    await screen.findByLabelText('Email');
    const user = await fillIn(complete);

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailTaken));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('says "Unable to complete registration at this time." when the server fails', async () => {
    mswServer.use(http.post('/api/onboarding/registrations', () => HttpResponse.json({}, { status: 500 })));
    renderRoute('/sign-up');
    await screen.findByLabelText('Email');
    const user = await fillIn(complete);

    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.registrationFailed);
  });
});

describe('Landlord Sign Up for someone already signed in', () => {
  it('goes to their dashboard instead', async () => {
    const landlord = testUser({ userId: 'l-1', type: 'landlord', firstName: 'Lara', lastName: 'Lord', email: 'lara@example.com', phone: '(555) 555-0111' });
    mswServer.use(
      sessionOf(landlord),
      http.get('/api/*', () => HttpResponse.json({ status: 'error', error: 'Not found' }, { status: 404 })),
    );
    const { router } = renderRoute('/sign-up');
    await waitFor(() => expect(router.state.location.pathname).toBe('/landlord/dashboard'));
  });
});
