import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { GetResidence, ResidenceView } from '../queries/get-residence.query';

@ApiTags('tenants')
@Controller('tenant')
@Roles('tenant')
export class TenantResidenceController {
  constructor(private readonly queries: QueryBus) {}

  @Get('residence')
  @ApiOperation({ summary: 'The signed-in tenant’s home: address, rent, and the landlord’s contact details' })
  async residence(@CurrentUser() tenant: Requester): Promise<{ status: 'success'; residence: ResidenceView | null }> {
    return { status: 'success', residence: await this.queries.execute(new GetResidence(tenant.userId)) };
  }
}
