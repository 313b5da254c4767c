"use client";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Messages } from "next-intl";
import type { ConsoleScreenProps } from "./console-route";

type NavLabel = Exclude<keyof Messages["admin"]["nav"], "label">;

export type ConsoleTab = {
  /** The URL hash that opens it (#users). */
  id: string;
  /** Its nav label: a key of `admin.nav` in messages/*.json. */
  label: NavLabel;
  /** Loaded when first opened, so each screen (and its libraries) is a chunk of its own. */
  Screen: LazyExoticComponent<ComponentType<ConsoleScreenProps>>;
};

/** A tab opened by "#<id>" and labelled by `admin.nav.<id>`, whose screen is the default export `load` brings. */
const tab = (id: NavLabel, load: () => Promise<{ default: ComponentType<ConsoleScreenProps> }>): ConsoleTab => ({
  id,
  label: id,
  Screen: lazy(load),
});

/**
 * The console's nav, in order. Adding a screen is a change to this file only: write the screen
 * (a default-exported component taking ConsoleScreenProps, in its own file under components/admin/,
 * built from the shared table and edit section of components/admin/ui/) and add its line here,
 * with its label in `admin.nav`. Lines are kept apart by blank lines so that screens added on
 * different branches merge cleanly.
 */
export const CONSOLE_TABS: ConsoleTab[] = [
  tab("dashboard", () => import("./dashboard-tab")),

  tab("catalogue", () => import("./catalogue-tab")),

  tab("users", () => import("./users-tab")),

  tab("payments", () => import("./payments-tab")),

  tab("promo", () => import("./promo-codes-tab")),

  tab("broadcasts", () => import("./broadcasts-tab")),

  tab("channels", () => import("./channels-tab")),

  tab("audit", () => import("./audit-tab")),

  tab("requests", () => import("./requests-tab")),

  tab("operators", () => import("./operators-tab")),
];
