import { lazy, type ComponentType } from "react";
import { screenTable } from "@/lib/routes";

// Every screen is its own lazily loaded module, so the first load carries only the shell and Home.
type ScreenEntry = { pattern: string; component: ComponentType };

export const screens: ScreenEntry[] = Object.values(screenTable).map(({ pattern, load }) => ({ pattern, component: lazy(load) }));
