import type { ReactNode } from 'react';
import { Button } from './Button';
import '../styles/removal-section.css';

interface RemovalSectionProps {
  /** 'Remove this property'; also the section's accessible name. */
  title: string;
  /** What removing does and what it keeps. */
  children: ReactNode;
  /** 'Remove Property' */
  buttonLabel: string;
  /** Opens the page's confirmation; nothing is removed from here directly. */
  onRemove: () => void;
}

/** Under an edit form: a quieter, red-outlined way to remove what the form edits. */
export function RemovalSection({ title, children, buttonLabel, onRemove }: RemovalSectionProps) {
  return (
    <section className="removal-section" aria-label={title}>
      <div className="removal-section__text">
        <h2 className="removal-section__title">{title}</h2>
        <p>{children}</p>
      </div>
      <Button className="removal-section__button" variant="secondary" onClick={onRemove}>
        {buttonLabel}
      </Button>
    </section>
  );
}
