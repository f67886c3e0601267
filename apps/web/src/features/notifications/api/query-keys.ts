/** The notifications page's list, under the header's ['notify'] keys; a `notify` event (app/realtime) refreshes it. */
export const ALL_NOTIFICATIONS_KEY = ['notify', 'all'] as const;
