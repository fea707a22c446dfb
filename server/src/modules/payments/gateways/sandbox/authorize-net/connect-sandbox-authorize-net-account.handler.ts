import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SaveAuthorizeNetAccount } from '../../../authorize-net-accounts/save-authorize-net-account.command';
import { ConnectSandboxAuthorizeNetAccount } from '../../../contracts/connect-sandbox-authorize-net-account.command';
import { AuthorizeNetSandbox } from './authorize-net.sandbox';

@CommandHandler(ConnectSandboxAuthorizeNetAccount)
export class ConnectSandboxAuthorizeNetAccountHandler implements ICommandHandler<ConnectSandboxAuthorizeNetAccount> {
  constructor(
    private readonly sandbox: AuthorizeNetSandbox,
    private readonly commands: CommandBus,
  ) {}

  async execute({ landlordUserId }: ConnectSandboxAuthorizeNetAccount): Promise<void> {
    const keys = await this.sandbox.createMerchant();
    await this.commands.execute(new SaveAuthorizeNetAccount(landlordUserId, keys, landlordUserId));
  }
}
