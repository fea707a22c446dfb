import { z } from 'zod';
import { FINANCE_EXPORT_FORMATS } from '../finance-export';

/** POST /api/finance/exports: which year, as one CSV or a ZIP of PDFs. */
export const startFinanceExportSchema = z.strictObject({
  year: z.number({ error: 'Choose a year.' }).int('Choose a year.').min(2000, 'Choose a year from 2000 on.').max(2100, 'Choose a year before 2100.'),
  format: z.enum(FINANCE_EXPORT_FORMATS, { error: 'Choose CSV or ZIP.' }),
});

export type StartFinanceExportInput = z.infer<typeof startFinanceExportSchema>;
