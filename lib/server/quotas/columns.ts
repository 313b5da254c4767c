import "server-only";
import { quotas } from "@/db/schema";
import { perKind, type QuotaRecord } from "@/lib/quota-kinds";

export const QUOTA_COLUMN = perKind("apiKey", (r) => quotas[r.quotaColumn]);

export const QUOTA_FIELD = perKind("apiKey", (r) => r.quotaColumn);

/** A QuotaRecord as the quotas table's columns. */
export const quotaValues = (record: QuotaRecord) => perKind("quotaColumn", (r) => record[r.apiKey]);
