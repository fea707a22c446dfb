import { formatCents } from '@rentwise/libs/money';
import { statementPaymentKindInWords, statementShowsProcessing, timeZoneLabel, type Statement } from '@rentwise/libs/statement-views';
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const MARGIN = 48;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * The statement as a PDF (Letter, landscape): the same rows and totals as the screen and the CSV,
 * the billing period in words under the title, and the calendar-year view on yearly statements.
 */
export function statementPdf(statement: Statement): Readable {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Rentwise statement ${statement.periodLabel} ${statement.scopeLabel}`, Author: 'Rentwise' },
  });
  const pageWidth = doc.page.width - MARGIN * 2;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(`Rentwise ${statement.kind} statement`);
  doc.moveDown(0.2).font('Helvetica').fontSize(13).text(`${statement.periodLabel} · ${statement.scopeLabel}`);
  doc.moveDown(0.4).fillColor(MUTED).fontSize(10).text(statement.periodInWords);
  doc.text(`Dates are read in ${timeZoneLabel(statement.timeZone)} time (${statement.timeZone}). Made ${new Date(statement.generatedAt).toUTCString()}.`);
  doc.moveDown(1);

  const byProperty = statement.kind === 'monthly' && statement.propertyId === null;
  // Processing (bank debits not yet settled) only where a bank debit is in the statement.
  const shows = statementShowsProcessing(statement);
  const processing = <T>(value: T): T[] => (shows ? [value] : []);
  const figureWidth = shows ? 78 : 88;
  const figureTitles = ['Rent due', 'Paid by tenants', 'Platform fee', 'Received', ...processing('Processing'), 'Processor fee', 'Net deposited', 'Still due'];
  const labelWidth = pageWidth - figureWidth * figureTitles.length;
  const columns: Column[] = [
    { title: byProperty ? 'Property' : 'Month', width: labelWidth, align: 'left' },
    ...figureTitles.map((title): Column => ({ title, width: figureWidth, align: 'right' })),
  ];
  const rowOf = (row: Statement['totals']) => [
    row.label,
    formatCents(row.rentDueCents),
    formatCents(row.grossCents),
    formatCents(row.platformFeeCents),
    formatCents(row.receivedCents),
    ...processing(formatCents(row.processingCents)),
    formatCents(row.processorFeeCents),
    formatCents(row.netCents),
    formatCents(row.stillDueCents),
  ];
  table(doc, columns, statement.rows.map(rowOf), rowOf(statement.totals));

  if (statement.payments.length > 0) {
    heading(doc, 'Payments received');
    const paymentTitles = ['Paid by tenant', 'Platform fee', 'Received', ...processing('Processing'), 'Processor fee'];
    const paymentColumns: Column[] = [
      { title: 'Date', width: 90, align: 'left' },
      { title: 'Tenant', width: 130, align: 'left' },
      { title: 'Property', width: pageWidth - 90 - 130 - 88 * paymentTitles.length, align: 'left' },
      ...paymentTitles.map((title): Column => ({ title, width: 88, align: 'right' })),
    ];
    const dateOf = new Intl.DateTimeFormat('en-US', { timeZone: statement.timeZone, dateStyle: 'medium' });
    table(
      doc,
      paymentColumns,
      statement.payments.map((payment) => [
        dateOf.format(new Date(payment.paidAt)),
        payment.kind === 'rent_payment' && payment.processingCents === 0
          ? payment.tenantName
          : `${payment.tenantName} (${statementPaymentKindInWords(payment)})`,
        payment.propertyAddress,
        formatCents(payment.grossCents),
        formatCents(payment.platformFeeCents),
        formatCents(payment.receivedCents),
        ...processing(formatCents(payment.processingCents)),
        formatCents(payment.processorFeeCents),
      ]),
      null,
    );
  }

  if (statement.calendarYear) {
    heading(doc, `Calendar year ${statement.year}, by payment date`);
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('What the payment processor’s yearly tax form reports: payments grouped by the date they were made, 1 January to 31 December.');
    doc.moveDown(0.5);
    const calendarTitles = ['Paid by tenants', 'Platform fee', 'Received', ...processing('Processing'), 'Processor fee', 'Net deposited'];
    const calendarColumns: Column[] = [
      { title: 'Month', width: pageWidth - figureWidth * calendarTitles.length, align: 'left' },
      ...calendarTitles.map((title): Column => ({ title, width: figureWidth, align: 'right' })),
    ];
    const calendarOf = (row: NonNullable<Statement['calendarYear']>['totals']) => [
      row.label,
      formatCents(row.grossCents),
      formatCents(row.platformFeeCents),
      formatCents(row.receivedCents),
      ...processing(formatCents(row.processingCents)),
      formatCents(row.processorFeeCents),
      formatCents(row.netCents),
    ];
    table(doc, calendarColumns, statement.calendarYear.rows.map(calendarOf), calendarOf(statement.calendarYear.totals));
  }

  doc.moveDown(1).fillColor(MUTED).font('Helvetica').fontSize(8).text(
    `Received is what tenants paid less the Rentwise platform fee of the payment’s date.${shows ? ' Processing is what tenants’ banks are still sending (a bank debit takes about four business days); it counts to the month the tenant paid.' : ''} The processor’s fee is charged to your payout account and is shown apart because it is tax deductible; Net deposited is what reached your bank.`,
    MARGIN,
    undefined,
    { width: pageWidth },
  );
  doc.end();
  return doc;
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  if (doc.y > doc.page.height - MARGIN - 120) doc.addPage();
  doc.moveDown(1.2).fillColor(INK).font('Helvetica-Bold').fontSize(13).text(text, MARGIN);
  doc.moveDown(0.4);
}

function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][], totals: string[] | null): void {
  const rowHeight = 18;
  const drawRow = (cells: string[], bold: boolean, color = INK) => {
    if (doc.y > doc.page.height - MARGIN - rowHeight) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(color);
    cells.forEach((cell, index) => {
      const column = columns[index];
      doc.text(cell, x + 4, y + 5, { width: column.width - 8, align: column.align, lineBreak: false, ellipsis: true });
      x += column.width;
    });
    const width = columns.reduce((total, column) => total + column.width, 0);
    doc.moveTo(MARGIN, y + rowHeight).lineTo(MARGIN + width, y + rowHeight).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  };
  drawRow(columns.map((column) => column.title), true, MUTED);
  rows.forEach((row) => drawRow(row, false));
  if (totals) drawRow(totals, true);
}
