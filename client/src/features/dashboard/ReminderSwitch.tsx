import { useId } from 'react';
import { BellRing } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { refusalMessage } from '../../app/apiError';
import { Card } from '../../components/Card';
import { showToast } from '../../components/toastStore';
import { useGetTenantRemindersQuery, useSetTenantRemindersMutation } from './tenantRemindersApi';
import './reminderSwitch.css';

/**
 * Personal Information, for tenants (issue 36): rent reminder emails on or off. Saved at once; the
 * switch moves when the server has answered.
 */
export function ReminderSwitch() {
  const hintId = useId();
  const { data: remindersOn, isLoading, isError } = useGetTenantRemindersQuery();
  const [save, { isLoading: isSaving }] = useSetTenantRemindersMutation();

  async function toggle(on: boolean) {
    try {
      await save(on).unwrap();
      showToast(on ? 'Rent reminders are on.' : 'Rent reminders are off.', { tone: 'success' });
    } catch (error) {
      showToast(refusalMessage(error) ?? MESSAGES.unexpectedError, { tone: 'error' });
    }
  }

  if (isError) return null;
  return (
    <Card padding="lg" className="reminder-switch">
      <label className="reminder-switch__row">
        <BellRing aria-hidden="true" size={20} />
        <span className="reminder-switch__text">
          <span className="reminder-switch__title">Rent reminders by email</span>
          <span id={hintId} className="muted">
            Three days before rent is due, on the day, if it is late, and when a late fee is added.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="reminder-switch__input"
          checked={remindersOn ?? false}
          disabled={isLoading || isSaving}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </label>
    </Card>
  );
}
