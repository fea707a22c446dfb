import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/renderRoute';
import walkthrough from './how-it-works/walkthrough.json';

// The first render of a lazy page waits for its module, which a busy machine compiles slowly.
const PAGE_LOAD = { timeout: 5000 };

describe('How it works page', () => {
  it('sends visitors without ?showpage=yessir to the home page', async () => {
    const { router } = renderRoute('/how-it-works');

    expect(await screen.findByRole('heading', { level: 1, name: /collect rent online/i }, PAGE_LOAD)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
  });

  it('sends visitors with any other showpage value to the home page', async () => {
    const { router } = renderRoute('/how-it-works?showpage=yes');

    await screen.findByRole('heading', { level: 1, name: /collect rent online/i }, PAGE_LOAD);
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the walkthrough and the FAQ with ?showpage=yessir', async () => {
    const { router } = renderRoute('/how-it-works?showpage=yessir');

    expect(await screen.findByRole('heading', { level: 1, name: 'How rent moves with Rentwise' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getByText('How quickly do I get paid?')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/how-it-works');
  });

  it('plays the walkthrough video with captions on, never by itself, and shows its transcript below', async () => {
    const { container } = renderRoute('/how-it-works?showpage=yessir');

    await screen.findByRole('heading', { level: 2, name: 'See it in 77 seconds' }, PAGE_LOAD);
    const video = container.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).not.toHaveAttribute('autoplay');
    expect(video.getAttribute('poster')).toMatch(/poster\.jpg$/);
    expect([...video.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual(['video/webm', 'video/mp4']);
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('default');
    expect(track.getAttribute('src')).toMatch(/how-it-works\.vtt/);

    const transcript = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(transcript.map((line) => line.textContent)).toEqual(walkthrough.scenes.map((scene) => expect.stringContaining(scene.caption)));
    // Each line starts where its caption does: after the scenes before it.
    expect(transcript[0]).toHaveTextContent(/^0:00A landlord signs in to the Dashboard/);
    expect(transcript[1]).toHaveTextContent(/^0:05Manage Properties lists/);
    expect(transcript.at(-1)).toHaveTextContent(/^1:11Statements add up/);
  });
});
