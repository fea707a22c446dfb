import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/renderRoute';

describe('Home page', () => {
  it('clears local storage when it loads', async () => {
    localStorage.setItem('rw_token', 'stale-session-token');
    localStorage.setItem('justAdded', 'true');

    renderRoute('/');

    await screen.findByRole('heading', { level: 1, name: /collect rent online/i });
    expect(localStorage.length).toBe(0);
  });

  it('links both sign-in buttons to /sign-in and Landlord Sign Up to /sign-up', async () => {
    renderRoute('/');

    expect(await screen.findByRole('link', { name: 'Tenant Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('link', { name: 'Landlord Sign In' })).toHaveAttribute('href', '/sign-in');
    for (const signUp of screen.getAllByRole('link', { name: 'Landlord Sign Up' })) {
      expect(signUp).toHaveAttribute('href', '/sign-up');
    }
  });

  it('tells tenants that their landlord adds them', async () => {
    renderRoute('/');

    expect(await screen.findByText(/tenants are added by their landlord/i)).toBeInTheDocument();
  });
});
