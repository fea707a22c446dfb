import { DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Inbox } from './inbox';
import { InboxProcessor } from './inbox.processor';
import { InboxSweeper } from './inbox-sweeper';
import { ProviderEventHandlers } from './provider-event-handlers';

/** The provider-event inbox for every module: intake, the handlers' registry and (in workers) the processor and sweeper. */
@Module({})
export class InboxModule {
  static register(options: { runWorker: boolean }): DynamicModule {
    return {
      module: InboxModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [Inbox, ProviderEventHandlers, ...(options.runWorker ? [InboxProcessor, InboxSweeper] : [])],
      exports: [Inbox, ProviderEventHandlers],
    };
  }
}
