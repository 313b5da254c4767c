import "server-only";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";

export type ReferralOutcome = "valid" | "unknown" | "own" | "cycle" | "windowOver" | "alreadyApplied";

// The check and activation answers carry a message the client shows as is: written in the
// caller's interface language from the same message files as the client's strings.
export function referralMessage(language: string, key: ReferralOutcome | "activated"): string {
  const messages = language === "en" ? en : ru;
  return messages.ReferralCode[key];
}
