import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A sign-in email waiting for its link to be opened; the token row says until when and whether it was used. */
@Entity({ schema: 'accounts', name: 'email_changes' })
export class EmailChange {
  /** The `email_change` one-time token emailed to the new address. */
  @PrimaryColumn({ name: 'token_id', type: 'uuid' })
  tokenId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'new_email' })
  newEmail!: string;

  /** The session that asked: it stays signed in when the change ends the others. */
  @Column({ name: 'requested_in_session_id', type: 'uuid', nullable: true })
  requestedInSessionId!: string | null;
}
