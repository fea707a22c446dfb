import { useId, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/** What a Field hands its control, so that the label, the hint and the error describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** Help shown under the label before anything goes wrong. */
  hint?: string;
  /** A message the user can act on; marks the control invalid and is announced with it. */
  error?: string;
  className?: string;
  /** The control (an input, a textarea, an input with a prefix), given its id and aria attributes. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The frame of every form field: its label, hint and error, tied to the control for assistive technology. */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const controlId = useId();
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error && 'field--invalid', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field__error" id={errorId}>
          <CircleAlert aria-hidden="true" size={16} />
          {error}
        </p>
      )}
    </div>
  );
}
