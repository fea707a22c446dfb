import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { MessageChainMiddleware } from './message-chain.middleware';

/** Starts a message chain for every HTTP request (see envelope.ts). */
@Module({})
export class MessagingModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(MessageChainMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
