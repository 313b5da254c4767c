"use client";
import { Link } from "wouter";
import { routes } from "@/lib/routes";

/** The tariff badge opens what it is about: the limits left, which lead on to tariffs (docs/product/screens.md). */
export function TariffPill({ name }: { name: string }) {
  return (
    <Link href={routes.limits()} className="tariff-pill" data-testid="header-tariff">
      {name}
    </Link>
  );
}
