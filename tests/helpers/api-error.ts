import { ApiError } from "@/lib/server/http/api-error";

/** The ApiError a call rejects with; any other outcome fails the test. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}
