// docs/product/referral.md: the states of the referral code box, from what the user typed and
// what the check answered. Pure, so the screen and its tests share one rule.
export const REFERRAL_CODE_MIN = 3;
export const REFERRAL_CODE_MAX = 50;

export type ReferralEntryState = "empty" | "tooShort" | "tooLong" | "checking" | "checkError" | "valid" | "invalid";

export const isCheckableCode = (code: string) => {
  const length = code.trim().length;
  return length >= REFERRAL_CODE_MIN && length <= REFERRAL_CODE_MAX;
};

export function referralEntryState({
  code,
  checking,
  failed,
  canUse,
}: {
  code: string;
  checking: boolean;
  failed: boolean;
  canUse: boolean | undefined;
}): ReferralEntryState {
  const length = code.trim().length;
  if (length === 0) return "empty";
  if (length < REFERRAL_CODE_MIN) return "tooShort";
  if (length > REFERRAL_CODE_MAX) return "tooLong";
  if (checking) return "checking";
  if (failed) return "checkError";
  if (canUse === undefined) return "checking";
  return canUse ? "valid" : "invalid";
}

/** Activation needs a valid code and no request in flight. */
export const canActivate = (state: ReferralEntryState, activating: boolean) => state === "valid" && !activating;
