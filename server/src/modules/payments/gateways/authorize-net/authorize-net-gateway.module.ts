import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { AuthorizeNetNoncesController } from '../sandbox/authorize-net/authorize-net-nonces.controller';
import { AuthorizeNetSandboxMerchantsController } from '../sandbox/authorize-net/authorize-net-merchants.controller';
import { ConnectSandboxAuthorizeNetAccountHandler } from '../sandbox/authorize-net/connect-sandbox-authorize-net-account.handler';
import { AuthorizeNetApi } from './authorize-net.gateway';
import { AuthorizeNetSandbox } from '../sandbox/authorize-net/authorize-net.sandbox';
import { AuthorizeNetMerchants } from '../authorize-net-gateway.port';

/**
 * Provides `AuthorizeNetMerchants` everywhere, the second card gateway (decisions 0019, 0046):
 * Authorize.Net's sandbox or production for landlords' own keys; or, offline (development and tests,
 * refused in production), its stand-in with merchants of its own and the tokenizer at /sandbox/anet/v1/payment_nonces.
 */
@Module({})
export class AuthorizeNetGatewayModule {
  static register(config: AppConfig): DynamicModule {
    if (config.authorizeNetEnvironment !== 'offline') {
      return {
        module: AuthorizeNetGatewayModule,
        global: true,
        providers: [{ provide: AuthorizeNetMerchants, useClass: AuthorizeNetApi }],
        exports: [AuthorizeNetMerchants],
      };
    }
    return {
      module: AuthorizeNetGatewayModule,
      global: true,
      controllers: [AuthorizeNetNoncesController, AuthorizeNetSandboxMerchantsController],
      providers: [AuthorizeNetSandbox, { provide: AuthorizeNetMerchants, useExisting: AuthorizeNetSandbox }, ConnectSandboxAuthorizeNetAccountHandler],
      // The sandbox itself too: the development tools and tests make merchants and settle batches.
      exports: [AuthorizeNetMerchants, AuthorizeNetSandbox],
    };
  }
}
