import { createStaffUser } from './create-staff-user';

/**
 * Creates a finance user (staff who read and export every landlord's statements and change
 * nothing); prints a link to set the password.
 */
createStaffUser({
  type: 'finance',
  label: 'Finance user',
  script: 'finance:create',
  example: { email: 'finance@example.com', firstName: 'Fay', lastName: 'Finance' },
});
