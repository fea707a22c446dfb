import { ApiProperty } from '@nestjs/swagger';
import type { LateFeePolicy } from '@rentwise/libs/late-fees';
import type { RentTerms } from '@rentwise/libs/schemas/rent-terms.schema';
import type { ManagedPropertyDetailView, ManagedPropertyView } from '../queries/managed-property-view';

/** OpenAPI shapes of the landlord's property endpoints' answers, so the client can generate its types. */

export class ManagedPropertyDto implements ManagedPropertyView {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Apt 2, Springfield, IL 62704' }) address!: string;
  @ApiProperty({ example: '123 Main St' }) line1!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Apt 2' }) line2!: string | null;
  @ApiProperty({ example: 'Springfield' }) city!: string;
  @ApiProperty({ example: 'IL' }) state!: string;
  @ApiProperty({ example: '62704' }) zip!: string;
  @ApiProperty({ example: 150_000 }) rentCents!: number;
  @ApiProperty({ description: 'Tenants living there now' }) tenantCount!: number;
}

export class LateFeePolicyDto implements LateFeePolicy {
  @ApiProperty({ description: 'Days after the due date rent may still be paid without a fee', example: 5 }) graceDays!: number;
  @ApiProperty({ description: 'Charged once when rent becomes late', example: 5_000 }) flatCents!: number;
  @ApiProperty({ description: 'Charged once when rent becomes late, in hundredths of a percent of the rent (500 = 5%)', example: 0 })
  percentBasisPoints!: number;
  @ApiProperty({ description: 'Charged for each further day rent stays unpaid', example: 0 }) dailyCents!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The most a month’s late fees come to; null for no cap', example: null })
  monthlyCapCents!: number | null;
}

export class RentTermsDto implements RentTerms {
  @ApiProperty({ minimum: 1, maximum: 10, description: 'The day of the month rent falls due', example: 1 }) dueDay!: number;
  @ApiProperty({ type: LateFeePolicyDto, description: 'Off while flat, percentage and daily amounts are all 0' }) lateFees!: LateFeePolicyDto;
}

export class ManagedPropertyDetailDto extends ManagedPropertyDto implements ManagedPropertyDetailView {
  @ApiProperty({ type: RentTermsDto }) rentTerms!: RentTermsDto;
}

export class ManagedPropertyListAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [ManagedPropertyDto], description: 'Oldest first' }) rows!: ManagedPropertyDto[];
}

export class ManagedPropertyAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: ManagedPropertyDto }) property!: ManagedPropertyDto;
}

export class ManagedPropertyDetailAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: ManagedPropertyDetailDto }) property!: ManagedPropertyDetailDto;
}

export class PropertyRemoved {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}
