import { Controller, Get, NotFoundException, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { tenantLedgerCsv, tenantLedgerFileName } from '../exports/tenant-ledger-csv';
import { GetTenantLedger } from '../queries/get-tenant-ledger.query';
import type { TenantLedgerView } from '../queries/tenant-ledger-view';
import { ErrorAnswer } from './payment-responses';
import { TenantLedgerAnswer } from './tenant-ledger-responses';

/** The signed-in tenant's ledger at their home: every charge, fee and payment with the balance after it. */
@ApiTags('payments')
@Controller('tenant')
@Roles('tenant')
export class TenantLedgerController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Get('ledger')
  @ApiOperation({ summary: 'The tenant’s ledger at their current home, newest line first, with the balance' })
  @ApiOkResponse({ type: TenantLedgerAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'The tenant has no current home' })
  async ledger(@CurrentUser() tenant: Requester): Promise<TenantLedgerAnswer> {
    return { status: 'success', ledger: await this.load(tenant) };
  }

  @Get('ledger.csv')
  @ApiOperation({ summary: 'The same ledger as a CSV file, oldest line first (spreadsheet-safe text cells)' })
  @ApiOkResponse({ description: 'A CSV attachment', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'The tenant has no current home' })
  async ledgerCsv(@CurrentUser() tenant: Requester): Promise<StreamableFile> {
    const ledger = await this.load(tenant);
    return new StreamableFile(tenantLedgerCsv(ledger, this.clock.now()), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${tenantLedgerFileName(ledger, false)}"`,
    });
  }

  private async load(tenant: Requester): Promise<TenantLedgerView> {
    const ledger = await this.queries.execute(new GetTenantLedger(tenant.userId));
    if (!ledger) throw new NotFoundException(MESSAGES.notFound);
    return ledger;
  }
}
