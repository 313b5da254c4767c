"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** A console change of the catalogue: on success every console list of it is fetched again. */
export function useCatalogueChange<A>(send: (input: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin", "catalogue"] }),
  });
}
