"use client";

/** A refusal or failure the operator must see, read out as it appears; nothing when there is none. */
export function Alert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="admin-error" role="alert">
      {message}
    </p>
  ) : null;
}
