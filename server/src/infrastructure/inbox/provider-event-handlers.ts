import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Envelope } from '../messaging/envelope';
import type { GatewayEvent } from './provider-events';
import type { ProviderEventOf, ProviderEventType } from './provider-events';

/** What a handler may read besides the product event: the stored row and the chain it runs in. */
export interface ProviderEventContext {
  inboxId: string;
  /** The handling's own envelope; what it posts or publishes is caused by it. */
  envelope: Envelope;
  /** The provider's event as stored (ids and times only should be read from it). */
  received: GatewayEvent;
}

export type ProviderEventOutcome = { outcome: 'done'; detail?: string } | { outcome: 'skipped'; reason: string };

/**
 * One product event's handler, in the module that owns the change. It runs inside the inbox's
 * transaction: whatever it writes (journals, rows, outbox events) commits with the inbox row's mark.
 */
export interface ProviderEventHandler<Type extends ProviderEventType> {
  handle(event: ProviderEventOf<Type>, context: ProviderEventContext): Promise<ProviderEventOutcome>;
}

/**
 * Marks a module's provider as the handler of one product event, as @CommandHandler marks a
 * command's: `@HandlesProviderEvent('DisputeClosed') class DisputeClosedHandler implements
 * ProviderEventHandler<'DisputeClosed'>`.
 */
export const HandlesProviderEvent = DiscoveryService.createDecorator<ProviderEventType>();

/**
 * Which handler acts on which product event: the providers marked @HandlesProviderEvent, found when
 * the application starts; nothing here knows a module. One handler per type.
 */
@Injectable()
export class ProviderEventHandlers implements OnModuleInit {
  private readonly byType = new Map<ProviderEventType, ProviderEventHandler<ProviderEventType>>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: HandlesProviderEvent.KEY })) {
      const type = this.discovery.getMetadataByDecorator(HandlesProviderEvent, wrapper);
      if (!type || !wrapper.instance) continue;
      if (this.byType.has(type)) throw new Error(`Two handlers for provider event ${type}`);
      this.byType.set(type, wrapper.instance as ProviderEventHandler<ProviderEventType>);
    }
  }

  of<Type extends ProviderEventType>(type: Type): ProviderEventHandler<Type> | undefined {
    return this.byType.get(type) as ProviderEventHandler<Type> | undefined;
  }
}
