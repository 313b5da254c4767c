// The console's operator roles (docs/product/console.md "Roles"), shared by the server's checks and
// the console, which hides the tabs a role cannot use.

export const OPERATOR_ROLES = ["owner", "support", "analyst"] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A channel's provider prices in roubles (docs/product/channels.md "Prices"). */
export type ChannelPrices = {
  in_per_1k?: number;
  out_per_1k?: number;
  per_image?: number;
  per_audio_minute?: number;
  per_video_second?: number;
};

/** The console's tabs a support or analyst operator sees; an owner sees every tab (the server refuses the rest with 403). */
const LIMITED_TABS: Record<Exclude<OperatorRole, "owner">, readonly string[]> = {
  support: ["users", "payments", "requests"],
  analyst: ["dashboard"],
};

export function tabShownTo(role: OperatorRole, tab: string): boolean {
  return role === "owner" || LIMITED_TABS[role].includes(tab);
}
