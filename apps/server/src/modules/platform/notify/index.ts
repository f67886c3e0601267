/** The public face of platform/notify: what other modules may import from it (the rest is its own). */
export {
  announceNotificationEvents,
  byCompany,
  eventForUsers,
  findActiveUsers,
  inEveryLang,
  notifyEvent,
  notifyEvents,
  onNotificationEvent,
  storeNotificationEvents,
} from './events.js';
export type {
  NotificationCategory,
  NotificationEvent,
  NotificationEventStored,
  StoredNotificationEvent,
  WebhookExtra,
} from './events.js';
