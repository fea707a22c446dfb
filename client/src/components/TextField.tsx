import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field';

interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: string;
  /** Help shown under the label before anything goes wrong. */
  hint?: string;
  /** A message the user can act on; marks the input invalid and is announced with it. */
  error?: string;
}

/** A labelled input. Spread react-hook-form's `register(name)` into it; `ref` is passed through. */
export function TextField({ label, hint, error, className, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input className="field__input" {...control} {...inputProps} />}
    </Field>
  );
}
