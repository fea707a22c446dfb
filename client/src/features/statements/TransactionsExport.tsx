import { useState } from 'react';
import { Download } from 'lucide-react';
import { transactionsExportQuerySchema } from '@rentwise/libs/schemas/transactions-export.schema';
import { transactionsFileName, transactionsPeriodOf } from '@rentwise/libs/transactions-export';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Field } from '../../components/Field';
import { DownloadLink } from './DownloadLink';

const DAYS = 'days';

/**
 * Every movement of a year, or of chosen days, as one CSV for the landlord's accountant (decision
 * 0045). The period is checked with the endpoint's own schema, so a period the server would refuse
 * says why here instead of downloading an error.
 */
export function TransactionsExport({ years, initialYear }: { years: readonly number[]; initialYear: number }) {
  const [choice, setChoice] = useState(String(initialYear));
  const [from, setFrom] = useState(`${initialYear}-01-01`);
  const [to, setTo] = useState(`${initialYear}-12-31`);
  const query: Record<string, string> = choice === DAYS ? { from, to } : { year: choice };
  const parsed = transactionsExportQuerySchema.safeParse(query);
  const problem = parsed.success ? undefined : parsed.error.issues[0].message;

  return (
    <Card as="section" className="transactions-export" aria-labelledby="transactions-export-title">
      <div className="transactions-export__text">
        <h2 id="transactions-export-title">Transactions for your accountant</h2>
        <p>
          Every payment, refund, return, dispute, charge and late fee, one line each, with its fees, its billing month and the deposit it arrived in.
        </p>
      </div>
      <div className="transactions-export__controls">
        <Field label="Transactions of">
          {(control) => (
            <select {...control} className="field__input" value={choice} onChange={(event) => setChoice(event.target.value)}>
              {years.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              <option value={DAYS}>Chosen days…</option>
            </select>
          )}
        </Field>
        {choice === DAYS && (
          <>
            <Field label="First day">
              {(control) => <input {...control} className="field__input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
            </Field>
            <Field label="Last day" error={problem}>
              {(control) => <input {...control} className="field__input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
            </Field>
          </>
        )}
        {parsed.success ? (
          <DownloadLink
            href={`/api/landlord/transactions.csv?${new URLSearchParams(query).toString()}`}
            fileName={transactionsFileName(transactionsPeriodOf(parsed.data))}
          >
            Transactions (CSV)
          </DownloadLink>
        ) : (
          <Button variant="secondary" disabled>
            <Download aria-hidden="true" size={18} />
            Transactions (CSV)
          </Button>
        )}
      </div>
    </Card>
  );
}
