import { useEffect, useRef, type ReactNode } from 'react';

interface StepHeadingProps {
  id: string;
  children: ReactNode;
  /** Move focus here when the step appears, so a screen reader starts reading the new step. */
  takeFocus: boolean;
  className?: string;
}

/** The h1 of one step of the payment screen. */
export function StepHeading({ id, children, takeFocus, className }: StepHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <h1 ref={heading} id={id} className={['pay__title', className].filter(Boolean).join(' ')} tabIndex={-1}>
      {children}
    </h1>
  );
}
