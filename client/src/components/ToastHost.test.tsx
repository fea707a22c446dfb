import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './ToastHost';
import { DEFAULT_TOAST_DURATION_MS, showToast } from './toastStore';

describe('ToastHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast in the status region and removes it after 3 seconds', () => {
    render(<ToastHost />);

    act(() => {
      showToast('Successfully updated!', { tone: 'success' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Successfully updated!');

    act(() => {
      vi.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps a toast without a duration until it is dismissed', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    render(<ToastHost />);

    act(() => {
      showToast('Your card was declined.', { tone: 'error', durationMs: null });
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
