"use client";
import { useMutation } from "@tanstack/react-query";
import { getAdminToken } from "@/lib/client/admin-session";
import { ApiRequestError } from "@/lib/client/fetch-core";

// The console's CSV exports (docs/product/console.md "Exports"): fetched with the operator token
// (a plain link would carry none) and saved under the name the server gives.

export type ExportName = "payments" | "ledger" | "requests";

async function downloadExport({ name, from, to }: { name: ExportName; from: string; to: string }) {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const res = await fetch(`/api/admin/exports/${name}.csv?${query}`, {
    headers: { authorization: `Bearer ${getAdminToken() ?? ""}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(res.status, body?.error?.code ?? "error", body?.error?.message ?? res.statusText);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${name}.csv`;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
