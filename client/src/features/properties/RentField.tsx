import { useId, type ComponentPropsWithRef } from 'react';
import { CircleAlert } from 'lucide-react';
import { formatRentInput, RENT_INPUT_MAX_LENGTH } from '@rentwise/libs/rent';

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
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error && 'field--invalid'].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="money-input">
        <span className="money-input__prefix" aria-hidden="true">
          $
        </span>
        <input
          id={inputId}
          className="field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={RENT_INPUT_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            event.target.value = formatRentInput(event.target.value);
            onChange?.(event);
          }}
          {...inputProps}
        />
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          <CircleAlert aria-hidden="true" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
