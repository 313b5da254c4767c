import "server-only";
import { translatorFor } from "@/lib/server/translator";

export type ReferralOutcome = "valid" | "unknown" | "own" | "cycle" | "windowOver" | "alreadyApplied";

// The check and activation answers carry a message the client shows as is: written in the
// caller's interface language from the same message files as the client's strings.
export function referralMessage(language: string, key: ReferralOutcome | "activated"): string {
  return translatorFor(language, "ReferralCode")(key);
}
