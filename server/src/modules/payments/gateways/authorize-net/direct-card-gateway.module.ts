import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../../../../infrastructure/config/app-config';
import { AuthorizeNetNoncesController } from '../sandbox/authorize-net/authorize-net-nonces.controller';
import { AuthorizeNetGateway } from './authorize-net.gateway';
import { AuthorizeNetSandbox } from '../sandbox/authorize-net/authorize-net.sandbox';
import { DirectCardGateway } from '../../../../infrastructure/payment-gateway/authorize-net/direct-card-gateway.port';
import { NoDirectGateway } from './no-direct-gateway';

/**
 * Provides `DirectCardGateway` everywhere, the second card gateway (decision 0019): Authorize.Net when
 * its keys are set; otherwise its offline sandbox with the tokenizer at /sandbox/anet/v1/payment_nonces
 * (refused in production); in production without keys, none (nobody can be put on it).
 */
@Module({})
export class DirectCardGatewayModule {
  static register(config: AppConfig): DynamicModule {
    switch (config.directGateway) {
      case 'authorize_net':
        return {
          module: DirectCardGatewayModule,
          global: true,
          providers: [{ provide: DirectCardGateway, useClass: AuthorizeNetGateway }],
          exports: [DirectCardGateway],
        };
      case 'none':
        return {
          module: DirectCardGatewayModule,
          global: true,
          providers: [{ provide: DirectCardGateway, useClass: NoDirectGateway }],
          exports: [DirectCardGateway],
        };
      case 'sandbox':
        return {
          module: DirectCardGatewayModule,
          global: true,
          controllers: [AuthorizeNetNoncesController],
          providers: [AuthorizeNetSandbox, { provide: DirectCardGateway, useExisting: AuthorizeNetSandbox }],
          // The sandbox itself too: the development tools and tests reach its transactions.
          exports: [DirectCardGateway, AuthorizeNetSandbox],
        };
    }
  }
}
