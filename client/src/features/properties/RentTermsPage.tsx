import { useState, type ComponentPropsWithRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CalendarClock, Scale } from 'lucide-react';
import { initialLateFeeCents, LATE_FEE_STATE_NOTES, lateFeesAreOn, lateFeesThroughDay } from '@rentwise/libs/late-fees';
import { MESSAGES } from '@rentwise/libs/messages';
import { formatCents } from '@rentwise/libs/money';
import { LATEST_RENT_DUE_DAY } from '@rentwise/libs/rent-charges';
import { rentTermsFormValues, rentTermsSchema, type RentTermsFormValues } from '@rentwise/libs/schemas/rent-terms.schema';
import { isNotFound, refusalMessage } from '../../app/apiError';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { showToast } from '../../components/toastStore';
import { type ManagedPropertyDetail, useGetPropertyQuery, useSetRentTermsMutation } from './propertiesApi';
import './properties.css';

/** 1 → '1st', 2 → '2nd', 11 → '11th'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

const DUE_DAYS = Array.from({ length: LATEST_RENT_DUE_DAY }, (_, index) => index + 1);

interface UnitFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: string;
  hint?: string;
  error?: string;
  /** '$' before the amount, or '%' / 'days' after it. */
  prefix?: string;
  suffix?: string;
}

/** A number typed with its unit beside it: '$ 50.00', '5 %', '5 days'. */
function UnitField({ label, hint, error, prefix, suffix, ...inputProps }: UnitFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className={['money-input', suffix && 'unit-input'].filter(Boolean).join(' ')}>
          {prefix && (
            <span className="money-input__prefix" aria-hidden="true">
              {prefix}
            </span>
          )}
          <input className="field__input" type="text" inputMode="decimal" autoComplete="off" {...control} {...inputProps} />
          {suffix && (
            <span className="unit-input__suffix" aria-hidden="true">
              {suffix}
            </span>
          )}
        </div>
      )}
    </Field>
  );
}

/** What the rule comes to on this month's rent, worked out as the server will. */
function FeePreview({ values, rentCents, state }: { values: RentTermsFormValues; rentCents: number; state: string }) {
  const parsed = rentTermsSchema.safeParse(values);
  const note = LATE_FEE_STATE_NOTES.find((candidate) => candidate.state === state);
  const warning = (
    <Notice tone="warning" title="Many states cap late fees">
      They limit how much a late fee may be or how soon it may start, and your lease must allow it. Check your state’s rules before you turn
      fees on.
      {note && <strong className="rent-terms__state-note">{note.text}</strong>}
    </Notice>
  );
  if (!parsed.success || !lateFeesAreOn(parsed.data.lateFees)) {
    return values.lateFeesOn ? warning : null;
  }
  const { dueDay, lateFees } = parsed.data;
  const initial = initialLateFeeCents(lateFees, rentCents);
  const most = lateFeesThroughDay(lateFees, rentCents, 366);
  // The day rent becomes late: the 7th for the 1st with 5 days' grace; past the 28th it may be next month's.
  const lateDay = dueDay + lateFees.graceDays + 1;
  const lateWhen = lateDay <= 28 ? `when the ${ordinal(lateDay)} begins` : `${lateFees.graceDays + 1} days after it is due`;
  return (
    <>
      <section className="rent-terms__preview" aria-labelledby="rent-terms-preview-title" aria-live="polite">
        <h2 id="rent-terms-preview-title" className="rent-terms__preview-title">
          On this month’s rent of <span className="tabular">{formatCents(rentCents)}</span>
        </h2>
        <dl className="rent-terms__figures">
          <div>
            <dt>Late fee</dt>
            <dd className="tabular" data-testid="initial-late-fee">
              {formatCents(initial)}
            </dd>
          </div>
          {most > initial && (
            <div>
              <dt>At most, with the daily fee</dt>
              <dd className="tabular" data-testid="most-late-fees">
                {formatCents(most)}
              </dd>
            </div>
          )}
        </dl>
        <p className="rent-terms__when">
          Charged if rent due on the {ordinal(dueDay)} is still unpaid {lateWhen}
          {lateFees.dailyCents > 0 && `, then ${formatCents(lateFees.dailyCents)} for each further day it stays unpaid`}. A payment started by then,
          including a bank payment still processing, counts as paid.
        </p>
      </section>
      {warning}
    </>
  );
}

function RentTermsForm({ property }: { property: ManagedPropertyDetail }) {
  const navigate = useNavigate();
  const [setRentTerms] = useSetRentTermsMutation();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<RentTermsFormValues, unknown, RentTermsFormValues>({
    // raw: the server parses what was typed with this same schema.
    resolver: zodResolver(rentTermsSchema, undefined, { raw: true }),
    defaultValues: rentTermsFormValues(property.rentTerms),
  });
  const values = watch();
  const on = values.lateFeesOn === true;

  const submit = handleSubmit(async (typed) => {
    setFailure(undefined);
    try {
      await setRentTerms({ propertyId: property.propertyId, values: typed }).unwrap();
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.unexpectedError);
      return;
    }
    showToast(MESSAGES.rentTermsSaved, { tone: 'success' });
    navigate(paths.landlord.updateProperty.getHref(property.propertyId));
  });

  return (
    <form className="property-form rent-terms" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="rent-due-day">
          Rent is due on
        </label>
        <p className="field__hint" id="rent-due-day-hint">
          The day of each month rent is charged. At most the 10th, so rent paid by its due date counts to its own month.
        </p>
        <select
          id="rent-due-day"
          className="field__input rent-terms__select"
          aria-describedby="rent-due-day-hint"
          aria-invalid={errors.dueDay ? true : undefined}
          {...register('dueDay')}
        >
          {DUE_DAYS.map((day) => (
            <option key={day} value={String(day)}>
              The {ordinal(day)} of the month
            </option>
          ))}
        </select>
        {errors.dueDay?.message && <p className="field__error">{errors.dueDay.message}</p>}
      </div>

      <fieldset className="rent-terms__switch">
        <legend>Late fees</legend>
        {[
          { value: false, title: 'No late fees', detail: 'Rent paid late costs nothing extra.' },
          { value: true, title: 'Charge late fees', detail: 'Added to the tenant’s balance after the grace period.' },
        ].map((option) => (
          <label key={String(option.value)} className="rent-terms__choice">
            <input
              type="radio"
              name="lateFeesOn"
              checked={on === option.value}
              onChange={() => setValue('lateFeesOn', option.value, { shouldDirty: true })}
            />
            <span>
              <strong>{option.title}</strong>
              <small>{option.detail}</small>
            </span>
          </label>
        ))}
      </fieldset>

      {on && (
        <div className="rent-terms__rule">
          <UnitField
            label="Grace period"
            hint="Days after the due date rent can still be paid without a fee (0 to 20)."
            inputMode="numeric"
            suffix="days"
            maxLength={2}
            error={errors.graceDays?.message}
            {...register('graceDays')}
          />
          <div className="rent-terms__pair">
            <UnitField label="Flat fee" prefix="$" error={errors.flatFee?.message} {...register('flatFee')} />
            <UnitField label="Percentage of rent" suffix="%" error={errors.percentFee?.message} {...register('percentFee')} />
          </div>
          <div className="rent-terms__pair">
            <UnitField
              label="Daily fee (optional)"
              hint="For each further day rent stays unpaid."
              prefix="$"
              error={errors.dailyFee?.message}
              {...register('dailyFee')}
            />
            <UnitField
              label="Monthly cap"
              hint="The most one month’s late fees come to."
              prefix="$"
              error={errors.monthlyCap?.message}
              {...register('monthlyCap')}
            />
          </div>
        </div>
      )}

      <FeePreview values={values} rentCents={property.rentCents} state={property.state} />
      {failure && <Notice tone="danger" title={failure} />}
      <Button type="submit" size="lg" fullWidth className="property-form__submit" isLoading={isSubmitting || isSubmitSuccessful}>
        Save Changes
      </Button>
    </form>
  );
}

/** /landlord/property/{propertyId}/rent-terms: the due day and the late fee rule, with what the fee comes to before saving. */
export function RentTermsPage() {
  const { propertyId = '' } = useParams();
  const { data: property, error, isLoading, refetch } = useGetPropertyQuery(propertyId);
  const listHref = paths.landlord.properties.getHref('address');
  const header = (
    <PageHeader
      back={{ to: paths.landlord.updateProperty.getHref(propertyId), label: 'Update Property' }}
      title="Rent & late fees"
      description={property?.address}
    />
  );

  return (
    <div className="container container--narrow properties-page">
      {header}
      {isLoading && (
        <Card padding="lg">
          <div className="property-form" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} shape="block" height="4.5rem" />
            ))}
          </div>
        </Card>
      )}
      {!isLoading && !property && isNotFound(error) && (
        <Notice tone="warning" title="This property isn’t in your list">
          It may have been removed. <Link to={listHref}>See your properties</Link>.
        </Notice>
      )}
      {!isLoading && !property && !isNotFound(error) && <LoadFailed what="This property" retry={() => void refetch()} />}
      {property && (
        <Card padding="lg">
          <RentTermsForm property={property} />
        </Card>
      )}
    </div>
  );
}

/** The Update Property page's summary of the terms, linking to this page. */
export function RentTermsSummary({ property }: { property: ManagedPropertyDetail }) {
  const { dueDay, lateFees } = property.rentTerms;
  const parts = [
    lateFees.flatCents > 0 && formatCents(lateFees.flatCents),
    lateFees.percentBasisPoints > 0 && `${lateFees.percentBasisPoints / 100}% of rent`,
    lateFees.dailyCents > 0 && `${formatCents(lateFees.dailyCents)} a day up to ${formatCents(lateFees.monthlyCapCents ?? 0)}`,
  ].filter(Boolean);
  return (
    <Link className="property-row rent-terms-link" to={paths.landlord.propertyRentTerms.getHref(property.propertyId)}>
      <span className="icon-badge" aria-hidden="true">
        {lateFeesAreOn(lateFees) ? <Scale size={22} /> : <CalendarClock size={22} />}
      </span>
      <span className="property-row__text">
        <span className="property-row__street">Rent &amp; late fees</span>
        <span className="property-row__city">
          Due on the {ordinal(dueDay)} ·{' '}
          {lateFeesAreOn(lateFees) ? `late fee ${parts.join(' + ')} after ${lateFees.graceDays} days’ grace` : 'no late fees'}
        </span>
      </span>
      <span className="rent-terms-link__action">Change</span>
    </Link>
  );
}
