import { Link } from 'react-router-dom';
import { BellRing, ChevronRight } from 'lucide-react';
import { paths } from '../../app/paths';

/** The property page's way to its Reminders page (issue 36): which rent reminders its tenants get. */
export function RemindersLink({ propertyId }: { propertyId: string }) {
  return (
    <div className="property-list">
      <Link className="property-row" to={paths.landlord.propertyReminders.getHref(propertyId)}>
        <span className="icon-badge" aria-hidden="true">
          <BellRing size={22} />
        </span>
        <span className="property-row__text">
          <span className="property-row__street">Reminders</span>
          <span className="property-row__city">Emails to tenants before rent is due, when it is late, and your Monday summary</span>
        </span>
        <ChevronRight className="property-row__chevron" aria-hidden="true" size={20} />
      </Link>
    </div>
  );
}
