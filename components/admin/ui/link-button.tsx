"use client";
import type { ButtonHTMLAttributes } from "react";

/** A button that reads as a link: the console's row actions (Edit, Refund, Delete) and small commands. */
export function LinkButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "className">) {
  return <button type="button" className="admin-link-button" {...props} />;
}
