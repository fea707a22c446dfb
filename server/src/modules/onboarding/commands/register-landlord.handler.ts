import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '../../../infrastructure/clock/clock';
import { UnitOfWork } from '../../../infrastructure/database/unit-of-work';
import { CreateUser } from '../../accounts/contracts/create-user.command';
import { Registration } from '../registrations/registration.entity';
import { RegisterLandlord } from '../contracts/register-landlord.command';

@CommandHandler(RegisterLandlord)
export class RegisterLandlordHandler implements ICommandHandler<RegisterLandlord> {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
  ) {}

  async execute({ application }: RegisterLandlord): Promise<{ registrationId: string; landlordUserId: string }> {
    const submittedAt = this.clock.now();
    // One transaction: never an account without its registration, or the other way round.
    return this.unitOfWork.run(async () => {
      const { firstName, lastName, email, phone } = application;
      const { userId } = await this.commands.execute(
        new CreateUser({ type: 'landlord', status: 'pending', firstName, lastName, email, phone }),
      );
      const { identifiers } = await this.unitOfWork.repository(Registration).insert({
        landlordUserId: userId,
        status: 'pending',
        firstName,
        lastName,
        email,
        phone,
        submittedAt,
      });
      return { registrationId: identifiers[0].id as string, landlordUserId: userId };
    });
  }
}
