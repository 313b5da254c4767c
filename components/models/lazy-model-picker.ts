"use client";
import { lazy } from "react";
import { withAllMessages } from "@/components/shell/intl-provider";

/** The inline model picker, loaded on the tap that opens it: its chunk (picker, upgrade offer, model queries and styles) stays out of the screen's first load. */
export const LazyModelPicker = lazy(withAllMessages(() => import("./model-picker").then((m) => ({ default: m.ModelPicker }))));
