import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

type CardProps<As extends ElementType> = {
  as?: As;
  padding?: 'md' | 'lg';
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<As>, 'as' | 'children'>;

/** A white surface with a hairline border; `as` picks the element (section, article, li...). */
export function Card<As extends ElementType = 'div'>({ as, padding = 'md', className, children, ...rest }: CardProps<As>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element className={['card', `card--padding-${padding}`, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Element>
  );
}
