import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type TransactionsExportQuery, transactionsExportQuerySchema } from '@rentwise/libs/schemas/transactions-export.schema';
import { transactionsFileName, transactionsPeriodOf } from '@rentwise/libs/transactions-export';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { TransactionsExporter } from '../transactions/transactions-exporter';

/** The landlord's transactions for their accountant: one CSV line per ledger movement (decision 0045). */
@ApiTags('statements')
@Controller('landlord')
@Roles('landlord')
export class LandlordTransactionsController {
  constructor(private readonly exporter: TransactionsExporter) {}

  @Get('transactions.csv')
  @ApiOperation({ summary: 'Every movement of a year (?year=) or of a period (?from=&to=, days, at most 3 years) as CSV, streamed' })
  @ApiQuery({ name: 'year', required: false, type: Number })
  @ApiQuery({ name: 'from', required: false, type: String, description: 'First day, YYYY-MM-DD on the landlord’s calendar' })
  @ApiQuery({ name: 'to', required: false, type: String, description: 'Last day, YYYY-MM-DD, included' })
  @ApiOkResponse({ description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ description: 'No period, or one that is not a period' })
  async download(
    @CurrentUser() landlord: Requester,
    @Query(new ZodPipe(transactionsExportQuerySchema)) query: TransactionsExportQuery,
  ): Promise<StreamableFile> {
    const period = transactionsPeriodOf(query);
    return new StreamableFile(await this.exporter.csv(landlord.userId, period), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${transactionsFileName(period)}"`,
    });
  }
}
