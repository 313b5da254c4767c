"use client";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { Messages } from "next-intl";
import type { ConsoleScreenProps } from "./console-route";

export type ConsoleTab = {
  /** The URL hash that opens it (#users). */
  id: string;
  /** Its nav label: a key of `admin.nav` in messages/*.json. */
  label: keyof Messages["admin"]["nav"];
  /** Loaded when first opened, so each screen (and its libraries) is a chunk of its own. */
  Screen: LazyExoticComponent<ComponentType<ConsoleScreenProps>>;
};

/**
 * The console's nav, in order. Adding a screen is a change to this file only: write the screen
 * (a default-exported component taking ConsoleScreenProps, in its own file under components/admin/)
 * and point its entry's `Screen` at it (or add an entry, with its label in `admin.nav`).
 * Entries are kept apart by blank lines so that screens added on different branches merge cleanly.
 */
export const CONSOLE_TABS: ConsoleTab[] = [
  {
    id: "dashboard",
    label: "dashboard",
    Screen: lazy(() => import("./dashboard-tab")),
  },

  {
    id: "catalogue",
    label: "catalogue",
    Screen: lazy(() => import("./catalogue-tab")),
  },

  {
    id: "users",
    label: "users",
    Screen: lazy(() => import("./users-tab")),
  },

  {
    id: "payments",
    label: "payments",
    Screen: lazy(() => import("./payments-tab")),
  },

  {
    id: "broadcasts",
    label: "broadcasts",
    Screen: lazy(() => import("./broadcasts-tab")),
  },

  {
    id: "channels",
    label: "channels",
    Screen: lazy(() => import("./channels-tab")),
  },

  {
    id: "audit",
    label: "audit",
    Screen: lazy(() => import("./audit-tab")),
  },
];
