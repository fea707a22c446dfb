import type { ComponentProps } from 'react';
import { TextField } from '../../components/TextField';

/** The email a person signs in with: the phone's email keyboard, no capital letter or spelling fix. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
