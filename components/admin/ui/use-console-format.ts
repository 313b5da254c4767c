"use client";
import { useFormatter } from "next-intl";

/** How the console writes a moment and an amount in roubles, the same on every screen. */
export function useConsoleFormat() {
  const format = useFormatter();
  return {
    /** A date and time, to the minute. */
    when: (iso: string) => format.dateTime(new Date(iso), { dateStyle: "short", timeStyle: "short" }),
    rub: (amount: number) => format.number(amount, { style: "currency", currency: "RUB" }),
    number: (value: number) => format.number(value),
  };
}
