import { ApiProperty } from '@nestjs/swagger';
import type { ManagedPropertyView } from '../queries/managed-property-view';

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

export class ManagedPropertyListAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: [ManagedPropertyDto], description: 'Oldest first' }) rows!: ManagedPropertyDto[];
}

export class ManagedPropertyAnswer {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
  @ApiProperty({ type: ManagedPropertyDto }) property!: ManagedPropertyDto;
}

export class PropertyRemoved {
  @ApiProperty({ enum: ['success'] }) status!: 'success';
}
