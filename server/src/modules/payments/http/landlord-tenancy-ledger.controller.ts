import { Controller, Get, NotFoundException, Param, ParseUUIDPipe, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@rentwise/libs/messages';
import { Clock } from '../../../infrastructure/clock/clock';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { tenantLedgerCsv, tenantLedgerFileName } from '../exports/tenant-ledger-csv';
import { GetTenancyLedger } from '../queries/get-tenancy-ledger.query';
import type { TenantLedgerView } from '../queries/tenant-ledger-view';
import { ErrorAnswer } from './payment-responses';
import { TenantLedgerAnswer } from './tenant-ledger-responses';

/** A string that is not an id names nothing: the same 404 as another landlord's property or tenant. */
const idPipe = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(MESSAGES.notFound) });

/**
 * A landlord's ledger of one tenancy: a tenant who lives or lived at one of the landlord's properties.
 * Anyone else's property or tenant answers 404, exactly like an unknown id.
 */
@ApiTags('payments')
@Controller('landlord/properties/:propertyId/tenants/:tenantUserId')
@Roles('landlord')
export class LandlordTenancyLedgerController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Get('ledger')
  @ApiOperation({ summary: 'The tenant’s ledger at this property, newest line first, with the balance (current and former tenants)' })
  @ApiOkResponse({ type: TenantLedgerAnswer })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not the landlord’s property, or the tenant never lived there' })
  async ledger(
    @CurrentUser() landlord: Requester,
    @Param('propertyId', idPipe) propertyId: string,
    @Param('tenantUserId', idPipe) tenantUserId: string,
  ): Promise<TenantLedgerAnswer> {
    return { status: 'success', ledger: await this.load(landlord, propertyId, tenantUserId) };
  }

  @Get('ledger.csv')
  @ApiOperation({ summary: 'The same ledger as a CSV file, oldest line first (spreadsheet-safe text cells)' })
  @ApiOkResponse({ description: 'A CSV attachment', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ type: ErrorAnswer, description: 'Not the landlord’s property, or the tenant never lived there' })
  async ledgerCsv(
    @CurrentUser() landlord: Requester,
    @Param('propertyId', idPipe) propertyId: string,
    @Param('tenantUserId', idPipe) tenantUserId: string,
  ): Promise<StreamableFile> {
    const ledger = await this.load(landlord, propertyId, tenantUserId);
    return new StreamableFile(tenantLedgerCsv(ledger, this.clock.now()), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${tenantLedgerFileName(ledger, true)}"`,
    });
  }

  private async load(landlord: Requester, propertyId: string, tenantUserId: string): Promise<TenantLedgerView> {
    const ledger = await this.queries.execute(new GetTenancyLedger(landlord.userId, propertyId, tenantUserId));
    if (!ledger) throw new NotFoundException(MESSAGES.notFound);
    return ledger;
  }
}
