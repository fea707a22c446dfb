import { Body, Controller, Get, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { type StartFinanceExportInput, startFinanceExportSchema } from '@rentwise/libs/schemas/finance-export.schema';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { ZodPipe } from '../../../infrastructure/http/zod-body.pipe';
import { FileStorage } from '../../../infrastructure/storage/file-storage.port';
import { GetUser } from '../../accounts/contracts/get-user.query';
import { FinanceExportStore } from '../finance/finance-export-store';
import { FinanceExporter } from '../finance/finance-exporter';
import { StartFinanceExport } from '../finance/start-finance-export.command';
import { viewOf } from '../finance/start-finance-export.handler';
import { FinanceExportAnswer, FinanceExportListAnswer, FinanceYearsAnswer } from './statement-responses';

const exportIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

/**
 * Finance staff: the years with payments, and yearly exports of every landlord's statements (a job
 * with progress, then a download kept for seven days). Finance may read, never change, statements;
 * every other role is refused every route here.
 */
@ApiTags('finance')
@Controller('finance')
@Roles('finance')
export class FinanceExportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly exporter: FinanceExporter,
    private readonly store: FinanceExportStore,
    private readonly storage: FileStorage,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  @Get('years')
  @ApiOperation({ summary: 'Billing years with payments, newest first, with how many landlords each has' })
  @ApiOkResponse({ type: FinanceYearsAnswer })
  async years(): Promise<FinanceYearsAnswer> {
    return { status: 'success', years: await this.exporter.years() };
  }

  @Get('exports')
  @ApiOperation({ summary: 'The latest 20 exports with their progress (landlords done of all), newest first' })
  @ApiOkResponse({ type: FinanceExportListAnswer })
  async list(): Promise<FinanceExportListAnswer> {
    return { status: 'success', exports: (await this.store.recent()).map(viewOf) };
  }

  @Post('exports')
  @HttpCode(202)
  @ApiOperation({ summary: 'Starts a year’s export (format csv or zip); the same year and format already running is answered instead' })
  @ApiAcceptedResponse({ type: FinanceExportAnswer, description: 'Queued (or already running); poll GET /api/finance/exports/:exportId' })
  async start(
    @CurrentUser() finance: Requester,
    @Body(new ZodPipe(startFinanceExportSchema)) body: StartFinanceExportInput,
  ): Promise<FinanceExportAnswer> {
    const started = await this.commands.execute(new StartFinanceExport(body.year, body.format, finance.userId));
    return { status: 'success', export: started };
  }

  @Get('exports/:exportId')
  @ApiOperation({ summary: 'One export and its progress' })
  @ApiOkResponse({ type: FinanceExportAnswer })
  @ApiNotFoundResponse({ description: 'No such export' })
  async one(@Param('exportId', exportIdPipe) exportId: string): Promise<FinanceExportAnswer> {
    const record = await this.store.find(exportId);
    if (!record) throw new NotFoundException(MESSAGES.notFound);
    return { status: 'success', export: viewOf(record) };
  }

  @Get('exports/:exportId/download')
  @ApiOperation({ summary: 'The finished file (CSV or ZIP); each download is written to the audit trail' })
  @ApiNotFoundResponse({ description: 'No such export, not finished yet, or past its keeping time' })
  async download(@CurrentUser() finance: Requester, @Param('exportId', exportIdPipe) exportId: string): Promise<StreamableFile> {
    const record = await this.store.find(exportId);
    const usable = record?.status === 'completed' && record.fileKey && record.expiresAt && new Date(record.expiresAt) > this.clock.now();
    const stored = usable ? await this.storage.openStream(record.fileKey!) : null;
    if (!record || !stored) throw new NotFoundException(MESSAGES.financeExportUnavailable);
    const user = await this.queries.execute(new GetUser(finance.userId));
    await this.unitOfWork.run((manager) =>
      this.store.audit(manager, record.exportId, 'downloaded', { label: user?.email ?? finance.userId, userId: finance.userId }, record, record),
    );
    return new StreamableFile(stored.stream, {
      type: stored.contentType,
      length: stored.byteSize,
      disposition: `attachment; filename="${record.fileName}"`,
    });
  }
}
