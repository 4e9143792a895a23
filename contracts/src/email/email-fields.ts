/** Where an email's delivery is recorded: its own stream, so an email going out never moves the order's version. */
export const emailStreamPrefix = 'email-';
export const emailStream = (notificationId: string): string => `${emailStreamPrefix}${notificationId}`;

export const deliveryStatuses = ['sent', 'failed', 'pending'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A failed email is retried until it has had this many attempts; then it leaves the retry queue and stays failed. */
export const MAX_DELIVERY_ATTEMPTS = 3;

/** The longest value each field of an email_events row may hold. */
export const emailEventLimits = {
  orderNumber: 100,
  recipientEmail: 255,
  emailType: 50,
  status: 50,
  deliveryStatus: 20,
  adminUser: 100,
} as const;

export const emailLogPageSizes = [10, 25, 50, 100] as const;
export const DEFAULT_EMAIL_LOG_PAGE_SIZE = 25;
export const DEFAULT_EMAIL_STATS_DAYS = 30;

/** The email types our requesters use: the edit flow's order update, a resend keeps its original's. */
export const emailTypes = {
  orderUpdate: 'order_update',
  test: 'test',
  loginCode: 'login_code',
  delayNotice: 'delay_notice',
  attentionDigest: 'attention_digest',
} as const;

/** Notification ids name streams; keep them to plain characters. */
export const notificationIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
