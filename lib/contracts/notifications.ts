import { z } from "zod";

// GET /api/user/notifications: what the header bell lists, newest first: the caller's payments and
// finished video generations, from the data those features already store.

const paymentNotificationSchema = z.object({
  kind: z.literal("payment"),
  id: z.string(),
  created_at: z.string(),
  /** As the payment list names it: pending is waiting_confirmation. */
  status: z.string(),
  /** Roubles. */
  amount: z.number(),
  tariff_name: z.string().nullable(),
  package_name: z.string().nullable(),
});

const videoNotificationSchema = z.object({
  kind: z.literal("video"),
  id: z.number(),
  created_at: z.string(),
  status: z.enum(["succeeded", "failed"]),
  /** The model's display name. */
  model_name: z.string(),
});

const notificationItemSchema = z.discriminatedUnion("kind", [paymentNotificationSchema, videoNotificationSchema]);
export type NotificationItem = z.infer<typeof notificationItemSchema>;
export const notificationsResponseSchema = z.object({ items: z.array(notificationItemSchema) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** How many of each kind the bell lists. */
export const NOTIFICATIONS_PER_KIND = 20;
