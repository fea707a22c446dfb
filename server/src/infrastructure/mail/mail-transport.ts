import { createTransport, Transporter } from 'nodemailer';

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** SMTP connections a process keeps open, and so the emails each email queue sends at once (EMAIL_WORKER_OPTIONS). */
export const MAIL_CONNECTIONS = 3;

export function createMailTransport(smtpUrl: string): Transporter {
  return createTransport({ url: smtpUrl, pool: true, maxConnections: MAIL_CONNECTIONS });
}
