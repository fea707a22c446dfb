import { createStaffUser } from './create-staff-user';

/** Creates an operator (the person who reviews landlord registrations); prints a link to set the password. */
createStaffUser({
  type: 'operator',
  label: 'Operator',
  script: 'operator:create',
  example: { email: 'ops@example.com', firstName: 'Olive', lastName: 'Ops' },
});
