interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read to screen readers; leave out when the surrounding text already says what is loading. */
  label?: string;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
