import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Requester } from '../../../infrastructure/http/current-user';
import { Roles } from '../../../infrastructure/http/roles.decorator';
import { GetResidence } from '../queries/get-residence.query';
import { ResidenceAnswer } from './tenant-responses';

@ApiTags('tenants')
@Controller('tenant')
@Roles('tenant')
export class TenantResidenceController {
  constructor(private readonly queries: QueryBus) {}

  @Get('residence')
  @ApiOperation({ summary: 'The signed-in tenant’s home: address, rent, and the landlord’s contact details' })
  @ApiOkResponse({ type: ResidenceAnswer })
  async residence(@CurrentUser() tenant: Requester): Promise<ResidenceAnswer> {
    return { status: 'success', residence: await this.queries.execute(new GetResidence(tenant.userId)) };
  }
}
