import { ApiProperty } from '@nestjs/swagger';
import type { ResidenceView } from '../queries/get-residence.query';
import type { LandlordTenantView, TenantPropertyView } from '../queries/landlord-tenant-view';

/** OpenAPI shapes of the tenant endpoints' answers, so the client can generate its types. */

export class ResidenceLandlordDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when the landlord has no photo: show the default image' })
  photoUrl!: string | null;
}

export class ResidenceDto implements ResidenceView {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Apt 2, Springfield, IL 62704' }) propertyAddress!: string;
  @ApiProperty({ example: 150_000 }) rentCents!: number;
  @ApiProperty({ type: ResidenceLandlordDto }) landlord!: ResidenceLandlordDto;
}

export class ResidenceAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: ResidenceDto, nullable: true, description: 'Null when the tenant has no home on Rentwise now' })
  residence!: ResidenceDto | null;
}

export class TenantPropertyDto implements TenantPropertyView {
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty({ example: '123 Main St, Apt 2, Springfield, IL 62704' }) address!: string;
  @ApiProperty({ example: 150_000 }) rentCents!: number;
}

export class LandlordTenantDto implements LandlordTenantView {
  @ApiProperty({ format: 'uuid', description: 'The tenant’s user id' }) tenantId!: string;
  @ApiProperty({ format: 'uuid' }) propertyId!: string;
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiProperty({ description: 'False until the tenant has created a password and signed in' }) hasSignedIn!: boolean;
  @ApiProperty({ format: 'date-time', description: 'When the tenant was added to (or moved into) this property' }) startedAt!: string;
}

export class PropertyTenantsAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: TenantPropertyDto }) property!: TenantPropertyDto;
  @ApiProperty({ type: [LandlordTenantDto], description: 'The tenants living there now' }) rows!: LandlordTenantDto[];
}

export class LandlordTenantAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: TenantPropertyDto, description: 'The tenant’s property (after a move, the new one)' }) property!: TenantPropertyDto;
  @ApiProperty({ type: LandlordTenantDto }) tenant!: LandlordTenantDto;
}

/** Who the landlord asked to invite, normalised: never an account id, which would tell a taken email apart. */
export class InvitedTenantDto {
  @ApiProperty() firstName!: string;
  @ApiProperty() lastName!: string;
  @ApiProperty() email!: string;
}

export class TenantInvitedAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: InvitedTenantDto }) invited!: InvitedTenantDto;
}

export class RemovedTenantDto {
  @ApiProperty({ example: 'Sam Rivera' }) name!: string;
}

export class TenantRemovedAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: RemovedTenantDto }) removed!: RemovedTenantDto;
}

export class InvitationResent {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}
