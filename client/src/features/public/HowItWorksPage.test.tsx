import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/renderRoute';

describe('How it works page', () => {
  it('sends visitors without ?showpage=yessir to the home page', async () => {
    const { router } = renderRoute('/how-it-works');

    expect(await screen.findByRole('heading', { level: 1, name: /collect rent online/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
  });

  it('sends visitors with any other showpage value to the home page', async () => {
    const { router } = renderRoute('/how-it-works?showpage=yes');

    await screen.findByRole('heading', { level: 1, name: /collect rent online/i });
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the walkthrough and the FAQ with ?showpage=yessir', async () => {
    const { router } = renderRoute('/how-it-works?showpage=yessir');

    expect(await screen.findByRole('heading', { level: 1, name: 'How rent moves with Rentwise' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByText('How quickly do I get paid?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/how-it-works');
  });
});
