"use client";
import { useUserStatistic } from "@/lib/queries/user";
import { QuotaLine } from "./quota-line";

/** The text balance under "New dialogue", from the user's statistic; loaded after the first paint (home-screen.tsx). */
export default function HomeQuota() {
  const { data } = useUserStatistic();
  return <QuotaLine remaining={data?.remaining_quotas.text_tokens} />;
}
