import type { ReactNode } from 'react';
import { useSessionUser } from '../../app/session';
import { OwnPhotoUpload } from './OwnPhotoUpload';

interface DashboardProfileProps {
  /** Shown above the name (the landlord's dashboard shows today's date). */
  date?: string;
  /** More lines under the email, such as the tenant's address. */
  children?: ReactNode;
}

/** The top of a dashboard: the person's photo (tap to change it), name and email. */
export function DashboardProfile({ date, children }: DashboardProfileProps) {
  const user = useSessionUser();
  const fullName = `${user.firstName} ${user.lastName}`;

  return (
    <section className="dashboard-profile" aria-label="Your profile">
      <OwnPhotoUpload />
      <div className="dashboard-profile__text">
        {date && <p className="dashboard-profile__date">{date}</p>}
        <h1 className="dashboard-profile__name">{fullName}</h1>
        <p className="dashboard-profile__detail">{user.email}</p>
        {children}
      </div>
    </section>
  );
}
