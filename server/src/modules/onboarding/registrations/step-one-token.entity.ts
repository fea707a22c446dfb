import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The token of an emailed step-1 link, stored only as its SHA-256 hash. */
@Entity({ schema: 'onboarding', name: 'step_one_tokens' })
export class StepOneToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'registration_id', type: 'uuid' })
  registrationId!: string;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
