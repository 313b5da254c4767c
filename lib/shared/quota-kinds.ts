// The five quota kinds, one row each: every name a kind goes by in the API, the database, the custom
// tariff builder and the screens. Every per-kind mapping is derived from this table, so a sixth kind
// is one row here plus a migration (tests/unit/quota-kinds.test.ts checks it against the schema).
// Row order is the limits page's order of kinds; the other screens' orders are columns (`…Order`).
type QuotaKindRow = {
  /** The kind's own name: the limits page's dial (data-testid `limit-<kind>`, Limits.kind.<kind>). */
  kind: string;
  /** Its key in the API's quota records (docs/product/api.md) and a package's purpose. */
  apiKey: string;
  /** Its name in the custom tariff builder (CustomValues, CreateTariff.kind/unit/tip.<custom>). */
  custom: string;
  /** POST /api/tariff/create_custom body field. */
  customField: string;
  /** The custom payment route's parameter. */
  routeParam: string;
  /** GET /api/tariff/standard field and the tariffs table's column. */
  tariffField: string;
  // Column names are plain strings here (this file is shared with the client); every use indexes a
  // row with them, so the compiler checks them there, and tests/unit/quota-kinds.test.ts against the schema.
  tariffColumn: string;
  subscriptionColumn: string;
  quotaColumn: string;
  /** The package store's tab of this kind's packages. */
  packageTab: string;
  /** The custom tariff price rate, in the API and in the tariff_rates table. */
  rate: string;
  rateColumn: string;
  /** Model listing types that count as this kind on a tariff card. */
  modelTypes: readonly string[];
  /** Rough units one message costs (docs/product/catalogue.md "Quota kinds"). */
  messageCost: number;
  /** The builder's dial: default value and step. */
  builder: { default: number; step: number };
  /** Position among the builder's dials and on the custom tariff's payment summary (0 first). */
  builderOrder: number;
  /** Position on a tariff card (0 first; text shows a list of models, the others one model each). */
  cardOrder: number;
  /** The limits page's dial colour. */
  dialColor: string;
};

export const QUOTA_KIND_TABLE = [
  {
    kind: "text",
    apiKey: "text_tokens",
    custom: "text",
    customField: "custom_text_tokens",
    routeParam: "textprice",
    tariffField: "token_balance",
    tariffColumn: "tokenBalance",
    subscriptionColumn: "textLimit",
    quotaColumn: "textTokens",
    packageTab: "text",
    rate: "token_to_usd_rate",
    rateColumn: "tokenToUsdRate",
    modelTypes: ["text"],
    messageCost: 100,
    builder: { default: 10000, step: 1000 },
    builderOrder: 0,
    cardOrder: 0,
    dialColor: "#2f80ed",
  },
  {
    kind: "audio",
    apiKey: "audio_tokens",
    custom: "audio",
    customField: "custom_audio_tokens",
    routeParam: "audioprice",
    tariffField: "minutes_balance",
    tariffColumn: "minutesBalance",
    subscriptionColumn: "audioLimit",
    quotaColumn: "audioTokens",
    packageTab: "audio",
    rate: "audio_token_to_usd_rate",
    rateColumn: "audioTokenToUsdRate",
    modelTypes: ["audio"],
    messageCost: 22,
    builder: { default: 10, step: 10 },
    builderOrder: 1,
    cardOrder: 4,
    dialColor: "#11998e",
  },
  {
    kind: "image",
    apiKey: "image_tokens",
    custom: "image",
    customField: "custom_image_tokens",
    routeParam: "imageprice",
    tariffField: "image_balance",
    tariffColumn: "imageBalance",
    subscriptionColumn: "imageLimit",
    quotaColumn: "imageTokens",
    packageTab: "images",
    rate: "image_token_to_usd_rate",
    rateColumn: "imageTokenToUsdRate",
    // An image editor is an image model.
    modelTypes: ["image", "image_edit"],
    messageCost: 6,
    builder: { default: 10, step: 1 },
    builderOrder: 3,
    cardOrder: 1,
    dialColor: "#b23cf0",
  },
  {
    kind: "video",
    apiKey: "video_tokens",
    custom: "video",
    customField: "custom_video_tokens",
    routeParam: "videoprice",
    tariffField: "video_balance",
    tariffColumn: "videoBalance",
    subscriptionColumn: "videoLimit",
    quotaColumn: "videoTokens",
    packageTab: "video",
    rate: "video_token_to_usd_rate",
    rateColumn: "videoTokenToUsdRate",
    modelTypes: ["video"],
    messageCost: 25,
    builder: { default: 10, step: 1 },
    builderOrder: 4,
    cardOrder: 3,
    dialColor: "#e5484d",
  },
  {
    kind: "file",
    apiKey: "file_tokens",
    custom: "files",
    customField: "custom_file_tokens",
    routeParam: "filesprice",
    tariffField: "file_balance",
    tariffColumn: "fileBalance",
    subscriptionColumn: "fileLimit",
    quotaColumn: "fileTokens",
    packageTab: "files",
    rate: "file_token_to_usd_rate",
    rateColumn: "fileTokenToUsdRate",
    // Listings use both spellings.
    modelTypes: ["files", "file"],
    messageCost: 20,
    builder: { default: 10, step: 10 },
    builderOrder: 2,
    cardOrder: 2,
    dialColor: "#f2994a",
  },
] as const satisfies readonly QuotaKindRow[];

export type QuotaKindEntry = (typeof QUOTA_KIND_TABLE)[number];
export type QuotaKind = QuotaKindEntry["kind"];
export type QuotaKey = QuotaKindEntry["apiKey"];
export type QuotaRecord = Record<QuotaKey, number>;

export const QUOTA_KINDS: readonly QuotaKind[] = QUOTA_KIND_TABLE.map((r) => r.kind);
export const QUOTA_KEYS: readonly QuotaKey[] = QUOTA_KIND_TABLE.map((r) => r.apiKey);

type NameField = { [K in keyof QuotaKindEntry]: QuotaKindEntry[K] extends string ? K : never }[keyof QuotaKindEntry];

/** A record with one entry per kind, keyed by one of the row's names. */
export function perKind<F extends NameField, V>(
  field: F,
  value: (row: QuotaKindEntry) => V,
): Record<QuotaKindEntry[F], V> {
  return Object.fromEntries(QUOTA_KIND_TABLE.map((r) => [r[field], value(r)])) as Record<QuotaKindEntry[F], V>;
}

type OrderField = "builderOrder" | "cardOrder";

/** One name of every kind, in one screen's display order. */
export const kindsInOrder = <F extends NameField>(order: OrderField, name: F): QuotaKindEntry[F][] =>
  [...QUOTA_KIND_TABLE].sort((a, b) => a[order] - b[order]).map((r) => r[name]);
