import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
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

/** How the inbox calls whatever acts on one product event. */
export interface ProviderEventHandler<Type extends ProviderEventType> {
  handle(event: ProviderEventOf<Type>, context: ProviderEventContext): Promise<ProviderEventOutcome>;
}

type ProviderEventMethod<Type extends ProviderEventType> = (
  event: ProviderEventOf<Type>,
  context: ProviderEventContext,
) => Promise<ProviderEventOutcome>;

const HANDLES = Symbol('rentwise:handles-provider-event');

/**
 * Marks the method that acts on a product event, in the module that owns the change, as
 * @CommandHandler marks a command's handler; a method may carry several marks. It runs inside the
 * inbox's transaction: whatever it writes (journals, rows, outbox events) commits with the inbox
 * row's mark. `@HandlesProviderEvent('DisputeOpened') disputeChanged(event) {...}`
 */
export function HandlesProviderEvent<Type extends ProviderEventType>(type: Type) {
  return <Method extends ProviderEventMethod<Type>>(
    _prototype: object,
    _name: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void => {
    const method = descriptor.value as object;
    Reflect.defineMetadata(HANDLES, [...((Reflect.getMetadata(HANDLES, method) as ProviderEventType[] | undefined) ?? []), type], method);
  };
}

/**
 * Which method acts on which product event: the methods marked @HandlesProviderEvent on the
 * application's providers, found when it starts; nothing here knows a module. One per type.
 */
@Injectable()
export class ProviderEventHandlers implements OnModuleInit {
  private readonly byType = new Map<ProviderEventType, ProviderEventHandler<ProviderEventType>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const { instance } of this.discovery.getProviders()) {
      if (!instance || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const types = Reflect.getMetadata(HANDLES, prototype[name] as object) as ProviderEventType[] | undefined;
        for (const type of types ?? []) {
          if (this.byType.has(type)) throw new Error(`Two handlers for provider event ${type}`);
          const method = (instance as Record<string, ProviderEventMethod<ProviderEventType>>)[name];
          this.byType.set(type, { handle: (event, context) => method.call(instance, event, context) });
        }
      }
    }
  }

  of<Type extends ProviderEventType>(type: Type): ProviderEventHandler<Type> | undefined {
    return this.byType.get(type) as ProviderEventHandler<Type> | undefined;
  }
}
