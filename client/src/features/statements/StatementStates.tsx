import type { ReactNode } from 'react';
import { CalendarX2 } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';

export function RowsLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Card as="ul" className="link-list statement-list" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="link-row">
          <span className="link-row__main statement-row__main">
            <Skeleton width="9rem" />
            <Skeleton width="12rem" />
          </span>
          <Skeleton width="5rem" />
        </li>
      ))}
    </Card>
  );
}

/**
 * The server answers a property of another landlord, or none, with 404; a propertyId that is not an
 * id fails the query schema with 400 'Not found'. Both are the not-found state, not a retry.
 */
export function isMissing(error: unknown): boolean {
  return isNotFound(error) || refusalMessage(error) === MESSAGES.notFound;
}

/** A property that is not the landlord's (or no longer exists): said plainly, with nothing to retry. */
export function NotFoundCard({ title = 'Property not found', children }: { title?: string; children?: ReactNode }) {
  return (
    <Card>
      <EmptyState icon={CalendarX2} title={title}>
        {children ?? 'It may have been removed, or it belongs to another account.'}
      </EmptyState>
    </Card>
  );
}
