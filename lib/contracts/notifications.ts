// GET /api/user/notifications: what the header bell lists, newest first: the caller's payments and
// finished video generations, from the data those features already store.

export type PaymentNotification = {
  kind: "payment";
  id: string;
  created_at: string;
  /** As the payment list names it: pending is waiting_confirmation. */
  status: string;
  /** Roubles. */
  amount: number;
  tariff_name: string | null;
  package_name: string | null;
};

export type VideoNotification = {
  kind: "video";
  id: number;
  created_at: string;
  status: "succeeded" | "failed";
  /** The model's display name. */
  model_name: string;
};

export type NotificationItem = PaymentNotification | VideoNotification;
export type NotificationsResponse = { items: NotificationItem[] };

/** How many of each kind the bell lists. */
export const NOTIFICATIONS_PER_KIND = 20;
