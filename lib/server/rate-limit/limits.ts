import "server-only";

export type RateLimitRule = {
  /** Counted per client address (anonymous callers) or per signed-in user. */
  per: "address" | "user";
  /** Requests allowed per window, before RATE_LIMIT_MULTIPLIER. */
  limit: number;
  windowSeconds: number;
};

// docs/product/limits.md. The payment webhook is generous: YooKassa retries, and a few of its
// addresses carry every user's traffic (Telegram's webhook is not limited at all: decision 0401).
// Test suites that sign in many users raise every limit with RATE_LIMIT_MULTIPLIER instead of
// turning limits off.
export const RATE_LIMITS = {
  // The console's sign-ins (few operators).
  "sign-in": { per: "address", limit: 60, windowSeconds: 60 },
  // The Mini App's sign-in: per Telegram user once the launch data validates (carrier-grade NAT puts
  // many subscribers behind one address), per address only for data that does not (decision 0465).
  "telegram-sign-in": { per: "user", limit: 20, windowSeconds: 60 },
  "sign-in-refused": { per: "address", limit: 120, windowSeconds: 60 },
  "payment-webhook": { per: "address", limit: 600, windowSeconds: 60 },
  launch: { per: "user", limit: 30, windowSeconds: 60 },
  "payment-create": { per: "user", limit: 10, windowSeconds: 60 },
  "referral-code": { per: "user", limit: 20, windowSeconds: 60 },
  "video-generate": { per: "user", limit: 10, windowSeconds: 60 },
  // Bot messages queued for one user (launch notices, continue-in-chat): the chat is never flooded.
  "bot-message": { per: "user", limit: 20, windowSeconds: 60 },
  // What one demo chat user sends to the bot (each one is a worker's job and maybe a model call).
  "demo-chat": { per: "user", limit: 60, windowSeconds: 60 },
  // Every /api/admin call of one operator (counted by their Telegram id): a console page loads a few at once.
  admin: { per: "user", limit: 300, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitBucket = keyof typeof RATE_LIMITS;
