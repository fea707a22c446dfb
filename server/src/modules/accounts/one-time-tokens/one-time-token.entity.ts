import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** email_change: confirms a new sign-in email, sent to that address (accounts.email_changes says which). */
export type OneTimeTokenPurpose = 'activation' | 'password_reset' | 'onboarding' | 'email_change';

@Entity({ schema: 'accounts', name: 'one_time_tokens' })
export class OneTimeToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'enum', enum: ['activation', 'password_reset', 'onboarding', 'email_change'], enumName: 'token_purpose' })
  purpose!: OneTimeTokenPurpose;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
