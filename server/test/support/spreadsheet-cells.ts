import { parse } from 'csv-parse/sync';

/** The separators a spreadsheet may split a CSV on: ours, and the list separators of other locales. */
export const SPREADSHEET_SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * The cells of a CSV, split on `delimiter` as a spreadsheet in some locale would, that it would
 * evaluate as a formula (a plain number such as '-12.50' is not one).
 */
export function formulaCells(csv: string, delimiter: string): string[] {
  const rows: string[][] = parse(csv, { delimiter, relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  return rows.flat().filter((cell) => /^[ \t]*[=+\-@]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell.trim()));
}
