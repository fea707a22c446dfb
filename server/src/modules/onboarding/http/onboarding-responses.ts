import { ApiProperty } from '@nestjs/swagger';
import type { RegistrationRow } from '../queries/list-registrations.query';

/** OpenAPI shapes of the onboarding endpoints' answers, so the client can generate its types. */

const PAYOUT_STATUSES = ['pending', 'active', 'restricted'] as const;
type PayoutStatusWord = (typeof PAYOUT_STATUSES)[number];

/** A registration, a review or a sign-up was taken. */
export class RegistrationDone {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}

export class RegistrationRowDto implements RegistrationRow {
  @ApiProperty({ format: 'uuid' }) registrationId!: string;
  @ApiProperty({ format: 'uuid', description: 'The landlord’s account, for the operator’s page of that landlord' }) landlordUserId!: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] }) status!: 'pending' | 'approved' | 'rejected';
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ format: 'date-time' }) submittedAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true }) rejectionReason!: string | null;
  @ApiProperty({ enum: PAYOUT_STATUSES, nullable: true, description: 'Null until the landlord starts step 1' })
  payoutStatus!: PayoutStatusWord | null;
  @ApiProperty() payoutConnected!: boolean;
}

export class RegistrationListAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [RegistrationRowDto] }) rows!: RegistrationRowDto[];
}

export class PayoutAccountConfirmed {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({
    enum: PAYOUT_STATUSES,
    description: 'pending: onboarding not finished; active: rent can be charged and paid out; restricted: the provider paused charges or payouts',
  })
  payoutStatus!: PayoutStatusWord;
}

export class PayoutDashboardLink {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ description: 'The provider’s dashboard; works once, for a short time' }) url!: string;
}

export class OnboardingSettings {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ example: 'support@rentwise.example' }) supportEmail!: string;
}
