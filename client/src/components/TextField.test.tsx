import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('labels the input and describes it with its hint', () => {
    render(<TextField label="Email" hint="We send receipts here." name="email" />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We send receipts here.');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the input invalid and announces the error with it', () => {
    render(<TextField label="Email" hint="We send receipts here." error="Please enter a valid email address." />);

    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('We send receipts here. Please enter a valid email address.');
  });
});
