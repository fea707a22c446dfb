/** Where people write for help; matches the server's SUPPORT_EMAIL. Set VITE_SUPPORT_EMAIL at build time. */
export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@rentwise.example';
