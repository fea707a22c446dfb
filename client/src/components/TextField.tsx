import { useId, type ComponentPropsWithRef } from 'react';
import { CircleAlert } from 'lucide-react';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Help shown under the label before anything goes wrong. */
  hint?: string;
  /** A message the user can act on; marks the input invalid and is announced with it. */
  error?: string;
}

/** A labelled input. Spread react-hook-form's `register(name)` into it; `ref` is passed through. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {error && (
        <p className="field__error" id={errorId}>
          <CircleAlert aria-hidden="true" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
