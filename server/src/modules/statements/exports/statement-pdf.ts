import { formatCents } from '@rentwise/libs/money';
import { calendarFigures, statementFigures, statementPaymentKindInWords, statementShowsLateFees, statementShowsProcessing, timeZoneLabel, type Statement } from '@rentwise/libs/statement-views';
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
  // Processing and Late fees only where they apply: narrower figures when there are more of them.
  const figures = statementFigures(statement);
  const figureWidth = 88 - 10 * (figures.length - 7);
  const labelWidth = pageWidth - figureWidth * figures.length;
  const columns: Column[] = [
    { title: byProperty ? 'Property' : 'Month', width: labelWidth, align: 'left' },
    ...figures.map((figure): Column => ({ title: figure.title, width: figureWidth, align: 'right' })),
  ];
  const rowOf = (row: Statement['totals']) => [row.label, ...figures.map((figure) => formatCents(row[figure.key]))];
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
    const calendarColumnsOf = calendarFigures(statement);
    const calendarColumns: Column[] = [
      { title: 'Month', width: pageWidth - figureWidth * calendarColumnsOf.length, align: 'left' },
      ...calendarColumnsOf.map((figure): Column => ({ title: figure.title, width: figureWidth, align: 'right' })),
    ];
    const calendarOf = (row: NonNullable<Statement['calendarYear']>['totals']) => [row.label, ...calendarColumnsOf.map((figure) => formatCents(row[figure.key]))];
    table(doc, calendarColumns, statement.calendarYear.rows.map(calendarOf), calendarOf(statement.calendarYear.totals));
  }

  doc.moveDown(1).fillColor(MUTED).font('Helvetica').fontSize(8).text(
    `Received is what tenants paid less the Rentwise platform fee of the payment’s date.${shows ? ' Processing is what tenants’ banks are still sending (a bank debit takes about four business days); it counts to the month the tenant paid.' : ''}${statementShowsLateFees(statement) ? ' Late fees are what tenants were charged for paying late, less any you waived; they are part of Still due.' : ''} The processor’s fee is charged to your payout account and is shown apart because it is tax deductible; Net deposited is what reached your bank.`,
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
