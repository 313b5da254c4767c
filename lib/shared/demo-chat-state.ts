import type { DemoChatItem, DemoChatMessages } from "@/lib/contracts/demo-chat";

// The demo chat page's view of the conversation: each poll brings what changed since its cursor, merged
// here by id (an edit replaces its message, a deleted one goes away), kept in date order.

export type DemoChatState = {
  items: DemoChatItem[];
  cursor: string;
  waiting: boolean;
  draft: DemoChatMessages["draft"];
};

/**
 * Date order; messages of the same millisecond (album items) by id, its number compared as a number
 * so that b99 comes before b100.
 */
export const byDemoChatOrder = (a: DemoChatItem, b: DemoChatItem): number =>
  a.date.localeCompare(b.date) || a.id.localeCompare(b.id, "en", { numeric: true });

export function mergeDemoChat(previous: DemoChatState | undefined, page: DemoChatMessages): DemoChatState {
  const byId = new Map((previous?.items ?? []).map((item) => [item.id, item]));
  for (const item of page.items) {
    if (item.deleted) byId.delete(item.id);
    else byId.set(item.id, item);
  }
  const items = [...byId.values()].sort(byDemoChatOrder);
  return { items, cursor: page.cursor, waiting: page.waiting, draft: page.draft };
}
