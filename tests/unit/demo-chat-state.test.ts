import { describe, expect, it } from "vitest";
import type { DemoChatItem } from "@/lib/contracts/demo-chat";
import { mergeDemoChat } from "@/lib/shared/demo-chat-state";

const item = (id: string, date: string, text: string, deleted = false): DemoChatItem => ({
  id,
  from: id.startsWith("u") ? "user" : "bot",
  message_id: 1,
  date,
  text,
  parse_mode: null,
  file: null,
  buttons: [],
  notice: false,
  deleted,
});

describe("mergeDemoChat", () => {
  it("adds new messages in date order, replaces edited ones and drops deleted ones", () => {
    const first = mergeDemoChat(undefined, {
      items: [item("b2", "2026-01-01T00:00:02Z", "…"), item("u1", "2026-01-01T00:00:01Z", "hi")],
      cursor: "10",
      waiting: true,
      draft: null,
    });
    expect(first.items.map((m) => m.text)).toEqual(["hi", "…"]);
    const second = mergeDemoChat(first, {
      items: [item("b2", "2026-01-01T00:00:02Z", "answer"), item("b3", "2026-01-01T00:00:03Z", "cost")],
      cursor: "20",
      waiting: false,
      draft: null,
    });
    expect(second.items.map((m) => m.text)).toEqual(["hi", "answer", "cost"]);
    expect(second).toMatchObject({ cursor: "20", waiting: false });
    const third = mergeDemoChat(second, {
      items: [item("b3", "2026-01-01T00:00:03Z", "", true)],
      cursor: "30",
      waiting: false,
      draft: { text: "", parse_mode: null, draft_id: 5, can_stop: true },
    });
    expect(third.items.map((m) => m.id)).toEqual(["u1", "b2"]);
    expect(third.draft).toEqual({ text: "", parse_mode: null, draft_id: 5, can_stop: true });
  });

  it("orders messages of the same millisecond by the number in their id (b99 before b100)", () => {
    const at = "2026-01-01T00:00:01Z";
    const state = mergeDemoChat(undefined, {
      items: [item("b100", at, "second"), item("b99", at, "first")],
      cursor: "1",
      waiting: false,
      draft: null,
    });
    expect(state.items.map((m) => m.text)).toEqual(["first", "second"]);
  });
});
