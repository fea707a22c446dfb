import { ApiProperty } from '@nestjs/swagger';

/** A card saved for autopay, as the tenant's screens show it (GET /tenant/cards, GET /tenant/autopay). */
export class SavedCardDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'visa', description: 'The provider’s brand: visa, mastercard, amex, discover...' }) brand!: string;
  @ApiProperty({ example: '4242' }) last4!: string;
  @ApiProperty({ example: 12 }) expMonth!: number;
  @ApiProperty({ example: 2030 }) expYear!: number;
}
