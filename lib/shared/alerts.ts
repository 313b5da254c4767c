// The operators' alerts through the bot (docs/product/console.md "Alerts"), shared by the server and
// the console's settings section. `threshold` is what the kind counts before it alerts (null: the kind
// alerts on the event itself); the defaults are docs/decisions/0503-operator-alerts.md.

export const ALERT_KINDS = [
  "channel_down",
  "model_down",
  "refund_failed",
  "provider_failing",
  "payment_errors",
  "outbox_backlog",
  "update_backlog",
] as const;

export type AlertKind = (typeof ALERT_KINDS)[number];

/** Each kind's default: on, with its threshold (failures in the alert window, or rows waiting). */
export const ALERT_DEFAULTS: Record<AlertKind, { enabled: boolean; threshold: number | null }> = {
  channel_down: { enabled: true, threshold: null },
  model_down: { enabled: true, threshold: null },
  refund_failed: { enabled: true, threshold: 2 },
  provider_failing: { enabled: true, threshold: 20 },
  payment_errors: { enabled: true, threshold: 3 },
  outbox_backlog: { enabled: true, threshold: 500 },
  update_backlog: { enabled: true, threshold: 100 },
};
