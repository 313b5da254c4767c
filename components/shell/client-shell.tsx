"use client";
import dynamic from "next/dynamic";
import { PageSpinner } from "@/components/ui/page-spinner";

export const ClientShell = dynamic(() => import("./client-root").then((m) => m.ClientRoot), {
  ssr: false,
  loading: () => <PageSpinner />,
});
