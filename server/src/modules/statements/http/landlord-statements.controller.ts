import { Body, Controller, Get, NotFoundException, Param, Put, Query, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_TIME_ZONE } from '@rentwise/libs/billing-month';
import { MESSAGES } from '@rentwise/libs/messages';
import {
  type StatementQuery,
  statementQuerySchema,
  type StatementSettingsInput,
  statementSettingsSchema,
} from '@rentwise/libs/schemas/statement.schema';
import type { Statement } from '@rentwise/libs/statement-views';
import { statementFileName } from '@rentwise/libs/statements';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { ChangeStatementTimeZone } from '../commands/change-statement-time-zone.command';
import { statementCsv } from '../exports/statement-csv';
import { statementPdf } from '../exports/statement-pdf';
import { GetMonthlyOverview } from '../queries/get-monthly-overview.query';
import { GetStatement } from '../queries/get-statement.query';
import { StatementReader } from '../queries/statement-reader';
import { MonthlyOverviewAnswer, StatementAnswer, StatementPropertiesAnswer, StatementSettingsAnswer } from './statement-responses';

/**
 * A landlord's payment history and statements. A property of another landlord, an unknown id and a
 * string that is not an id all answer the same 404, downloads included.
 */
@ApiTags('statements')
@Controller('landlord/statements')
@Roles('landlord')
export class LandlordStatementsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly reader: StatementReader,
  ) {}

  @Get('properties')
  @ApiOperation({ summary: 'The properties to pick a payment history from (removed ones included, flagged)' })
  @ApiOkResponse({ type: StatementPropertiesAnswer })
  async properties(@CurrentUser() landlord: Requester): Promise<StatementPropertiesAnswer> {
    return { status: 'success', rows: await this.reader.properties(landlord.userId) };
  }

  @Get('properties/:propertyId/months')
  @ApiOperation({ summary: 'Monthly Overview: each month’s rent due, received and still due, newest first' })
  @ApiOkResponse({ type: MonthlyOverviewAnswer })
  @ApiNotFoundResponse({ description: 'Not the landlord’s property' })
  async overview(
    @CurrentUser() landlord: Requester,
    @Param('propertyId') propertyId: string,
  ): Promise<MonthlyOverviewAnswer> {
    const overview = await this.queries.execute(new GetMonthlyOverview(landlord.userId, propertyId));
    if (!overview) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', overview };
  }

  @Get('statement')
  @ApiOperation({ summary: 'A monthly (?month=) or yearly statement for one property (?propertyId=) or all of them' })
  @ApiOkResponse({ type: StatementAnswer })
  @ApiNotFoundResponse({ description: 'Not the landlord’s property' })
  async statement(
    @CurrentUser() landlord: Requester,
    @Query(new ZodPipe(statementQuerySchema)) query: StatementQuery,
  ): Promise<StatementAnswer> {
    return { status: 'success', statement: await this.load(landlord, query) };
  }

  @Get('statement/download')
  @ApiOperation({ summary: 'The same statement as a CSV (streamed) or PDF file (?format=csv|pdf)' })
  @ApiNotFoundResponse({ description: 'Not the landlord’s property' })
  async download(
    @CurrentUser() landlord: Requester,
    @Query(new ZodPipe(statementQuerySchema)) query: StatementQuery,
  ): Promise<StreamableFile> {
    const statement = await this.load(landlord, query);
    const format = query.format ?? 'csv';
    const period = statement.month === null ? String(statement.year) : `${statement.year}-${String(statement.month).padStart(2, '0')}`;
    const name = `${statementFileName(period, statement.propertyId ? statement.scopeLabel.split(',')[0] : null)}.${format}`;
    return new StreamableFile(format === 'csv' ? statementCsv(statement) : statementPdf(statement), {
      type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
      disposition: `attachment; filename="${name}"`,
    });
  }

  @Get('settings')
  @ApiOperation({ summary: 'The time zone billing months are read in' })
  @ApiOkResponse({ type: StatementSettingsAnswer })
  async settings(@CurrentUser() landlord: Requester): Promise<StatementSettingsAnswer> {
    return { status: 'success', settings: { timeZone: await this.reader.timeZone(landlord.userId), defaultTimeZone: DEFAULT_TIME_ZONE } };
  }

  @Put('settings')
  @ApiOperation({ summary: 'Chooses the time zone billing months are read in; past payments are regrouped at once' })
  @ApiOkResponse({ type: StatementSettingsAnswer })
  async changeSettings(
    @CurrentUser() landlord: Requester,
    @Body(new ZodPipe(statementSettingsSchema)) body: StatementSettingsInput,
  ): Promise<StatementSettingsAnswer> {
    await this.commands.execute(new ChangeStatementTimeZone(landlord.userId, body.timeZone));
    return this.settings(landlord);
  }

  private async load(landlord: Requester, query: StatementQuery): Promise<Statement> {
    const statement = await this.queries.execute(
      new GetStatement(landlord.userId, query.year, query.month ?? null, query.propertyId ?? null),
    );
    if (!statement) throw new NotFoundException(MESSAGES.notFound);
    return statement;
  }
}
