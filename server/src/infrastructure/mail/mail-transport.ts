import { createTransport, Transporter } from 'nodemailer';

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

export function createMailTransport(smtpUrl: string): Transporter {
  return createTransport({ url: smtpUrl, pool: true, maxConnections: 3 });
}
