"use client";
import { lazyPart } from "@/components/shell/lazy-part";

/** The inline model picker, loaded on the tap that opens it: its chunk (picker, upgrade offer, model queries and styles) stays out of the screen's first load. */
export const LazyModelPicker = lazyPart(() => import("./model-picker").then((m) => ({ default: m.ModelPicker })));
