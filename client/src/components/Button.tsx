import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

type NativeButtonProps = ButtonLook &
  ComponentPropsWithoutRef<'button'> & {
    to?: undefined;
    /** Shows a spinner and blocks further clicks, e.g. while a form submits. */
    isLoading?: boolean;
  };

type LinkButtonProps = ButtonLook & LinkProps & { children: ReactNode };

export type ButtonProps = NativeButtonProps | LinkButtonProps;

function buttonClassName({ variant = 'primary', size = 'md', fullWidth = false }: ButtonLook, extra?: string) {
  return ['button', `button--${variant}`, `button--${size}`, fullWidth && 'button--full', extra]
    .filter(Boolean)
    .join(' ');
}

/** The one button of the app; pass `to` to render it as a router link that looks the same. */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, fullWidth, className, ...linkProps } = props;
    return <Link className={buttonClassName({ variant, size, fullWidth }, className)} {...linkProps} />;
  }

  const { variant, size, fullWidth, className, isLoading = false, disabled, type, children, ...buttonProps } = props;
  return (
    <button
      type={type ?? 'button'}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...buttonProps}
    >
      {isLoading && <Spinner size="sm" />}
      {children}
    </button>
  );
}
