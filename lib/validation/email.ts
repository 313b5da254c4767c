import { z } from "zod";

export type EmailError = "emailRequired" | "emailInvalid";
const emailSchema = z.email();

/** Email is checked only when its option is on (docs/product/screens.md); returns the message key. */
export function validateEmail({ enabled, value }: { enabled: boolean; value: string }): EmailError | null {
  if (!enabled) return null;
  if (value.trim() === "") return "emailRequired";
  return emailSchema.safeParse(value.trim()).success ? null : "emailInvalid";
}
