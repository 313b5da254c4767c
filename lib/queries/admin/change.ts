"use client";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { adminAuditKeys } from "./audit";

/**
 * A console change: `send` runs it; once it settled (a refused change may still have moved the
 * record, e.g. a broadcast that ended meanwhile) the lists it touched are fetched again, and the
 * audit log with them (every console change writes an audit row). The mutation stays pending until
 * they are, so a form closes on fresh data.
 */
export function useAdminChange<Input, Result>(send: (input: Input) => Promise<Result>, touches: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([...touches, adminAuditKeys.all].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
