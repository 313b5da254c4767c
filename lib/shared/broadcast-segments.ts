// Who an operator's broadcast goes to: everyone, users with a running paid subscription, the rest,
// or users by their interface language.
export const BROADCAST_SEGMENTS = ["all", "paying", "free", "ru", "en"] as const;
export type BroadcastSegment = (typeof BROADCAST_SEGMENTS)[number];

export const BROADCAST_STATUSES = ["running", "done", "cancelled"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
