import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BellRing } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { REMINDER_LABELS } from '@rentwise/libs/rent-reminders';
import type { PropertyRemindersInput } from '@rentwise/libs/schemas/reminders.schema';
import { refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { useGetPropertyRemindersQuery, useSetPropertyRemindersMutation } from './remindersApi';
import './reminders.css';

const KINDS: { field: keyof PropertyRemindersInput; label: string; when: string }[] = [
  { field: 'dueSoon', label: REMINDER_LABELS.due_soon, when: 'At 9:00 three days before the due date.' },
  { field: 'dueToday', label: REMINDER_LABELS.due_today, when: 'At 9:00 on the due date.' },
  { field: 'late', label: REMINDER_LABELS.late, when: 'At 9:00 the day after the grace period, if a balance is still due.' },
  { field: 'lateFee', label: REMINDER_LABELS.late_fee, when: 'When a late fee is added to the tenant’s balance.' },
  { field: 'weeklySummary', label: REMINDER_LABELS.weekly_summary, when: 'Who owes rent here, in your summary at 9:00 on Mondays.' },
];

/**
 * /landlord/property/:propertyId/reminders (issue 36): which reminder emails go out for one property.
 * All are on until turned off; a tenant can also turn their own off. Times are the landlord's.
 */
export function PropertyRemindersPage() {
  const { propertyId = '' } = useParams();
  const { data, isLoading, isError, isFetching, refetch } = useGetPropertyRemindersQuery(propertyId);
  const [save, { isLoading: isSaving }] = useSetPropertyRemindersMutation();
  const [choices, setChoices] = useState<PropertyRemindersInput>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (data) setChoices(data.reminders);
  }, [data]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!choices) return;
    setFailure(undefined);
    try {
      await save({ propertyId, reminders: choices }).unwrap();
      showToast('Reminders saved.', { tone: 'success' });
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.unexpectedError);
    }
  }

  return (
    <div className="app-page">
      <PageHeader
        back={{ to: paths.landlord.updateProperty.getHref(propertyId), label: 'Property' }}
        eyebrow={data?.propertyAddress}
        title="Reminders"
        description="Emails to this property’s tenants about their rent, each sent once, with a link to pay. Times are in your statement time zone."
      />
      {isLoading ? (
        <Card aria-busy="true" aria-label="Loading reminders">
          <Skeleton width="70%" />
          <Skeleton width="60%" />
          <Skeleton width="70%" />
        </Card>
      ) : isError || !data || !choices ? (
        <LoadFailed what="The reminders" retry={() => void refetch()} retrying={isFetching} />
      ) : (
        <Card padding="lg">
          <form className="reminder-settings" onSubmit={submit} noValidate>
            <fieldset className="reminder-settings__kinds">
              <legend className="reminder-settings__legend">
                <BellRing aria-hidden="true" size={18} />
                Send these reminders
              </legend>
              {KINDS.map((kind) => (
                <label key={kind.field} className="reminder-check">
                  <input type="checkbox" checked={choices[kind.field]} onChange={(event) => setChoices({ ...choices, [kind.field]: event.target.checked })} />
                  <span>
                    <span className="reminder-check__label">{kind.label}</span>
                    <span className="reminder-check__when muted">{kind.when}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            {failure && (
              <div role="alert">
                <Notice tone="danger" title={failure} />
              </div>
            )}
            <Button type="submit" size="lg" fullWidth isLoading={isSaving}>
              Save Reminders
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
