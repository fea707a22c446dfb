import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { AuthorizeNetNoncesController } from '../sandbox/authorize-net/authorize-net-nonces.controller';
import { AuthorizeNetApiGateway } from './authorize-net.gateway';
import { AuthorizeNetSandbox } from '../sandbox/authorize-net/authorize-net.sandbox';
import { AuthorizeNetGateway } from '../authorize-net-gateway.port';
import { NoAuthorizeNetGateway } from './no-authorize-net-gateway';

/**
 * Provides `AuthorizeNetGateway` everywhere, the second card gateway (decision 0019): Authorize.Net when
 * its keys are set; otherwise its offline sandbox with the tokenizer at /sandbox/anet/v1/payment_nonces
 * (refused in production); in production without keys, none (nobody can be put on it).
 */
@Module({})
export class AuthorizeNetGatewayModule {
  static register(config: AppConfig): DynamicModule {
    switch (config.authorizeNetMode) {
      case 'authorize_net':
        return {
          module: AuthorizeNetGatewayModule,
          global: true,
          providers: [{ provide: AuthorizeNetGateway, useClass: AuthorizeNetApiGateway }],
          exports: [AuthorizeNetGateway],
        };
      case 'none':
        return {
          module: AuthorizeNetGatewayModule,
          global: true,
          providers: [{ provide: AuthorizeNetGateway, useClass: NoAuthorizeNetGateway }],
          exports: [AuthorizeNetGateway],
        };
      case 'sandbox':
        return {
          module: AuthorizeNetGatewayModule,
          global: true,
          controllers: [AuthorizeNetNoncesController],
          providers: [AuthorizeNetSandbox, { provide: AuthorizeNetGateway, useExisting: AuthorizeNetSandbox }],
          // The sandbox itself too: the development tools and tests reach its transactions.
          exports: [AuthorizeNetGateway, AuthorizeNetSandbox],
        };
    }
  }
}
