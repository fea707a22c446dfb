import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ContactFields, type ContactFieldValues } from './ContactFields';

const EMPTY: ContactFieldValues = { firstName: '', lastName: '', email: '', confirmEmail: '', phone: '' };

function ContactForm({ phoneFirst, autofill = 'self' }: { phoneFirst?: boolean; autofill?: 'self' | 'off' }) {
  const form = useForm<ContactFieldValues>({ defaultValues: EMPTY });
  return (
    <FormProvider {...form}>
      {/* As a page does when the server refuses the email. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.setError('email', { message: 'This email is already in use.' });
        }}
      >
        <ContactFields namesClassName="names" autofill={autofill} phoneFirst={phoneFirst} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

const labelsInOrder = () => screen.getAllByRole('textbox').map((input) => input.getAttribute('name'));

describe('ContactFields', () => {
  it('asks for names, emails, then phone, with the browser offering the person’s own details', () => {
    render(<ContactForm />);

    expect(labelsInOrder()).toEqual(['firstName', 'lastName', 'email', 'confirmEmail', 'phone']);
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('autocomplete', 'tel-national');
  });

  it('can ask for the phone before the emails, and keep the browser from filling in someone else’s details', () => {
    render(<ContactForm phoneFirst autofill="off" />);

    expect(labelsInOrder()).toEqual(['firstName', 'lastName', 'phone', 'email', 'confirmEmail']);
    for (const input of screen.getAllByRole('textbox')) expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('masks the phone as (999) 999-9999 while it is typed, also when pasted with the country code', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    const phone = screen.getByRole('textbox', { name: 'Phone' });

    await user.type(phone, '55512345678');
    expect(phone).toHaveValue('(555) 123-4567');

    await user.clear(phone);
    await user.click(phone);
    await user.paste('+1 (555) 123-4567');
    expect(phone).toHaveValue('(555) 123-4567');
  });

  it('marks a field with a problem invalid and announces its message with it', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('This email is already in use.');
    expect(screen.getByRole('textbox', { name: 'Confirm email' })).not.toBeInvalid();
  });
});
