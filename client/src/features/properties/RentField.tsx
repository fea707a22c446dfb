import type { ComponentPropsWithRef } from 'react';
import { formatRentInput, RENT_INPUT_MAX_LENGTH } from '@rentwise/libs/rent';
import { Field } from '../../components/Field';

interface RentFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'maxLength'> {
  label: string;
  hint?: string;
  error?: string;
}

/**
 * Monthly rent in whole dollars, with a '$' in front and commas added as the landlord types
 * (no leading zero, at most 7 characters). Spread react-hook-form's `register('rent')` into it.
 */
export function RentField({ label, hint, error, onChange, ...inputProps }: RentFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="money-input">
          <span className="money-input__prefix" aria-hidden="true">
            $
          </span>
          <input
            className="field__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={RENT_INPUT_MAX_LENGTH}
            {...control}
            onChange={(event) => {
              event.target.value = formatRentInput(event.target.value);
              onChange?.(event);
            }}
            {...inputProps}
          />
        </div>
      )}
    </Field>
  );
}
