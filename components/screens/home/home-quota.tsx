"use client";
import { launchUserSnapshot } from "@/lib/client/account-snapshot";
import { useUserStatistic } from "@/lib/queries/user";
import { QuotaLine } from "./quota-line";

/** The text balance under "New dialogue", from the user's statistic; loaded after the first paint (home-screen.tsx). */
export default function HomeQuota() {
  const { data } = useUserStatistic();
  // While the call runs, the balance last seen on this device, as the placeholder showed it.
  return <QuotaLine remaining={data?.remaining_quotas.text_tokens ?? launchUserSnapshot().textTokens} />;
}
