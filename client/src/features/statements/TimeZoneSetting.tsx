import { useState, type FormEvent } from 'react';
import { Globe } from 'lucide-react';
import { timeZoneLabel, US_TIME_ZONES } from '@rentwise/libs/statement-views';
import { Button } from '../../components/Button';
import { useChangeStatementTimeZoneMutation, useGetStatementSettingsQuery } from './statementsApi';

/** One line that says which calendar the cut-off is read on, with a way to change it. */
export function TimeZoneSetting() {
  const { data: settings } = useGetStatementSettingsQuery();
  const [change, { isLoading, isError }] = useChangeStatementTimeZoneMutation();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState('');
  if (!settings) return null;

  const zones = US_TIME_ZONES.some((zone) => zone.id === settings.timeZone)
    ? US_TIME_ZONES
    : [{ id: settings.timeZone, label: settings.timeZone }, ...US_TIME_ZONES];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change({ timeZone: choice || settings.timeZone }).unwrap();
      setEditing(false);
    } catch {
      // The error line below says what happened; the setting stays as it was.
    }
  };

  if (!editing) {
    return (
      <p className="time-zone-note">
        <Globe aria-hidden="true" size={16} />
        <span>
          Dates are read in <strong>{timeZoneLabel(settings.timeZone)}</strong> time.
        </span>
        <button type="button" className="link-button" onClick={() => { setChoice(settings.timeZone); setEditing(true); }}>
          Change
        </button>
      </p>
    );
  }
  return (
    <form className="time-zone-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor="statement-time-zone">Time zone for billing months</label>
      <div className="time-zone-form__row">
        <select id="statement-time-zone" value={choice} onChange={(event) => setChoice(event.target.value)} aria-describedby="time-zone-help">
          {zones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" isLoading={isLoading}>
          Save
        </Button>
        <Button variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
      <p id="time-zone-help" className="time-zone-form__help">
        A payment made on or before the 10th, on this calendar, counts to that month. Past payments are regrouped when you save.
      </p>
      {isError && <p className="field-error" role="alert">The time zone was not saved. Please try again.</p>}
    </form>
  );
}
