"use client";
import dynamic from "next/dynamic";
import type { AdminAppProps } from "./admin-app";

// The console renders in the browser only (its session lives in localStorage) and is its own chunk.
const AdminApp = dynamic(() => import("./admin-app"), { ssr: false });

export function AdminRoot(props: AdminAppProps) {
  return <AdminApp {...props} />;
}
