/** The one job on the `mail` queue: an already-rendered message. */
export const SEND_EMAIL_JOB = 'SendEmail';

export interface SendEmailJob {
  to: string;
  subject: string;
  text: string;
  html: string;
}
