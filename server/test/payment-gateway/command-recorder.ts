import { INestApplicationContext, Type } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';

/**
 * Registers a handler that only records what it receives, in place of (or before) the owning
 * module's real one, so a test can see which commands an asynchronous flow sent.
 */
export function recordCommands<Command extends object>(app: INestApplicationContext, command: Type<Command>): Command[] {
  const received: Command[] = [];

  @CommandHandler(command)
  class RecordingHandler {
    async execute(sent: Command): Promise<void> {
      received.push(sent);
    }
  }

  const wrapper = { metatype: RecordingHandler, instance: new RecordingHandler(), isDependencyTreeStatic: () => true };
  app.get(CommandBus).register([wrapper as unknown as InstanceWrapper<ICommandHandler>]);
  return received;
}
