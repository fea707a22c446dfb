import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Outbox } from './outbox';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxRoute, OutboxRoutes } from './outbox-routes';

/** Holds one consuming module's routes; registered with the global OutboxRoutes when built. */
@Module({})
class OutboxRoutesRegistration {}

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage])],
  providers: [Outbox, OutboxRoutes],
  exports: [Outbox, OutboxRoutes],
})
export class OutboxModule {
  /**
   * A consuming module's routes: `OutboxModule.forFeature([{ event: PaymentRecorded, queue: ..., jobName: ... }])`
   * in its imports. The queue must be registered (BullModule.registerQueue) by that module or globally.
   */
  static forFeature(routes: readonly OutboxRoute[]): DynamicModule {
    return {
      module: OutboxRoutesRegistration,
      providers: [
        {
          provide: `OUTBOX_ROUTES:${routes.map((route) => `${route.event.name}>${route.queue}/${route.jobName}`).join(',')}`,
          inject: [OutboxRoutes],
          useFactory: (registry: OutboxRoutes) => {
            routes.forEach((route) => registry.add(route));
            return routes;
          },
        },
      ],
    };
  }
}
