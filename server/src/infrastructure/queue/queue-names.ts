export const MAIL_QUEUE = 'mail';
export const WEBHOOKS_QUEUE = 'webhooks';
export const SANDBOX_WEBHOOKS_QUEUE = 'sandbox-webhooks';
