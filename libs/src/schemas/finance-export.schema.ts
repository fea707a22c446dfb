import { z } from 'zod/mini';
import { FINANCE_EXPORT_FORMATS } from '../finance-export';

/** POST /api/finance/exports: which year, as one CSV or a ZIP of PDFs. */
export const startFinanceExportSchema = z.strictObject({
  year: z
    .number({ error: 'Choose a year.' })
    .check(z.int('Choose a year.'), z.minimum(2000, 'Choose a year from 2000 on.'), z.maximum(2100, 'Choose a year before 2100.')),
  format: z.enum(FINANCE_EXPORT_FORMATS, { error: 'Choose CSV or ZIP.' }),
});

export type StartFinanceExportInput = z.infer<typeof startFinanceExportSchema>;
