import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { LEDGER_REASONS } from "@/lib/contracts/user";
import { PAYMENT_KINDS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "@/lib/shared/payments";
import { QUOTA_KEYS, perKind } from "@/lib/shared/quota-kinds";

// No raw value reaches a person: every stored status, kind, provider and ledger reason the app or
// the console shows has a message in both languages (issue 43, point 6).

const LANGUAGES = { ru, en } as const;
type Tree = { [key: string]: string | Tree };

/** The message at a dotted path, or undefined. */
function messageAt(messages: unknown, path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split(".")) node = (node as Tree | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}

/** The explicit branches of a message's select (`other` left out: it would show the raw value). */
function selectBranches(message: string): string[] {
  const select = parse(message).find((e: MessageFormatElement) => e.type === TYPE.select);
  return select && select.type === TYPE.select ? Object.keys(select.options).filter((k) => k !== "other") : [];
}

const LIMIT_KIND = perKind("apiKey", (r) => r.kind);

describe.each(Object.entries(LANGUAGES))("every enum value has a message in %s", (_, messages) => {
  it("payment statuses: the account's payment list (a branch of its select, not `other`) and the console", () => {
    const branches = selectBranches(messageAt(messages, "Account.status")!);
    for (const status of PAYMENT_STATUSES) {
      expect(branches, status).toContain(status);
      expect(messageAt(messages, `admin.values.paymentStatuses.${status}`), status).toBeTruthy();
    }
  });

  it("payment kinds and providers: the console", () => {
    for (const kind of PAYMENT_KINDS)
      expect(messageAt(messages, `admin.values.paymentKinds.${kind}`), kind).toBeTruthy();
    for (const provider of PAYMENT_PROVIDERS)
      expect(messageAt(messages, `admin.values.providers.${provider}`), provider).toBeTruthy();
  });

  it("ledger reasons: the spending list and the console", () => {
    for (const reason of LEDGER_REASONS) {
      expect(messageAt(messages, `Spending.reason.${reason}`), reason).toBeTruthy();
      expect(messageAt(messages, `admin.values.ledgerReasons.${reason}`), reason).toBeTruthy();
    }
  });

  it("unit kinds of every job: Limits, the spending list and the console", () => {
    for (const key of QUOTA_KEYS) {
      expect(messageAt(messages, `admin.kinds.${key}`), key).toBeTruthy();
      expect(messageAt(messages, `Limits.kind.${LIMIT_KIND[key]}`), key).toBeTruthy();
    }
  });
});
