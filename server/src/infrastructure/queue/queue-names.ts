export const MAIL_QUEUE = 'mail';
export const WEBHOOKS_QUEUE = 'webhooks';
