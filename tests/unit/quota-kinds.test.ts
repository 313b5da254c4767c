import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotas, subscriptions, tariffRates, tariffs } from "@/db/schema";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import { kindsInOrder, QUOTA_KIND_TABLE } from "@/lib/shared/quota-kinds";

const names = (columns: object, except: string[] = []) =>
  Object.keys(columns)
    .filter((k) => !except.includes(k))
    .sort();
const column = (field: "tariffColumn" | "subscriptionColumn" | "quotaColumn" | "rateColumn") =>
  QUOTA_KIND_TABLE.map((r) => r[field]).sort();

// A kind added to the schema but not to the table (or the other way round) would silently be left
// out of every mapping derived from the table.
describe("the quota-kind table", () => {
  it("covers the quotas table's columns: an allowance and a package balance per kind", () => {
    const balances = names(getTableColumns(quotas), ["userId", "updatedAt", "stepEndsAt", "alertsSent"]);
    expect(column("quotaColumn")).toEqual(balances.filter((k) => !k.startsWith("package")));
    const packageColumns = QUOTA_KIND_TABLE.map(
      (r) => `package${r.quotaColumn[0].toUpperCase()}${r.quotaColumn.slice(1)}`,
    ).sort();
    expect(packageColumns).toEqual(balances.filter((k) => k.startsWith("package")));
  });
  it("covers the tariffs table's balances", () => {
    expect(column("tariffColumn")).toEqual(names(getTableColumns(tariffs)).filter((k) => k.endsWith("Balance")));
  });
  it("covers the subscriptions table's limits", () => {
    expect(column("subscriptionColumn")).toEqual(
      names(getTableColumns(subscriptions)).filter((k) => k.endsWith("Limit")),
    );
  });
  it("covers the tariff_rates table's per-kind rates", () => {
    expect(column("rateColumn")).toEqual(names(getTableColumns(tariffRates), ["id", "usdRate"]));
  });
  it("gives every kind distinct names", () => {
    for (const field of [
      "kind",
      "apiKey",
      "custom",
      "customField",
      "routeParam",
      "tariffField",
      "packageTab",
    ] as const) {
      expect(new Set(QUOTA_KIND_TABLE.map((r) => r[field])).size).toBe(QUOTA_KIND_TABLE.length);
    }
  });
  it.each([
    ["ru", ru],
    ["en", en],
  ] as const)("has its labels in %s", (_lang, m) => {
    for (const r of QUOTA_KIND_TABLE) {
      expect(m.Limits.kind[r.kind]).toBeTruthy();
      for (const group of ["kind", "unit", "tip"] as const) expect(m.CreateTariff[group][r.custom]).toBeTruthy();
    }
  });
  it.each(["builderOrder", "cardOrder"] as const)("%s places every kind once", (order) => {
    expect(QUOTA_KIND_TABLE.map((r) => r[order]).sort()).toEqual(QUOTA_KIND_TABLE.map((_, i) => i));
  });
  it("orders the builder's dials and a tariff card's kinds as the screens show them", () => {
    expect(kindsInOrder("builderOrder", "custom")).toEqual(["text", "audio", "files", "image", "video"]);
    expect(kindsInOrder("cardOrder", "custom")).toEqual(["text", "image", "files", "video", "audio"]);
  });
});
