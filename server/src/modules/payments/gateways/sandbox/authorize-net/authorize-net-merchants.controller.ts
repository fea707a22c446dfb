import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../../../../../infrastructure/http/roles.decorator';
import { AuthorizeNetSandbox } from './authorize-net.sandbox';

class SandboxMerchantKeys {
  @ApiProperty() apiLoginId!: string;
  @ApiProperty() transactionKey!: string;
  @ApiProperty() signatureKey!: string;
  @ApiProperty() publicClientKey!: string;
}

/**
 * Development only (mounted with the offline Authorize.Net, never in production): a merchant account
 * of the stand-in for a landlord to connect, as signing up for Authorize.Net's sandbox would give one.
 */
@ApiTags('sandbox')
@Controller('sandbox/authorize-net/merchants')
@Roles('landlord', 'operator')
export class AuthorizeNetSandboxMerchantsController {
  constructor(private readonly sandbox: AuthorizeNetSandbox) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: "Offline sandbox only: a new merchant account's keys (404 with the real Authorize.Net)" })
  @ApiCreatedResponse({ type: SandboxMerchantKeys })
  create(): Promise<SandboxMerchantKeys> {
    return this.sandbox.createMerchant();
  }
}
