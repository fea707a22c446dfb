import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserType } from '../../../infrastructure/http/roles.decorator';

/**
 * pending: a landlord awaiting review, or a person invited who has not set a password yet.
 * approved: a landlord let in by an operator, who still has to create a password.
 * active: can sign in. disabled / removed: cannot sign in; the row stays for history.
 */
export type UserStatus = 'pending' | 'approved' | 'rejected' | 'active' | 'disabled' | 'removed';

@Entity({ schema: 'accounts', name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'enum', enum: ['landlord', 'tenant', 'operator', 'finance'], enumName: 'user_type' })
  type!: UserType;

  @Column({
    type: 'enum',
    enum: ['pending', 'approved', 'rejected', 'active', 'disabled', 'removed'],
    enumName: 'user_status',
  })
  status!: UserStatus;

  @Column({ name: 'first_name' })
  firstName!: string;

  @Column({ name: 'last_name' })
  lastName!: string;

  @Column()
  email!: string;

  @Column()
  phone!: string;

  @Column({ name: 'photo_key', type: 'text', nullable: true })
  photoKey!: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true })
  activatedAt!: Date | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  get fullName(): string {
    return `${this.firstName} ${this.lastName}`;
  }
}
