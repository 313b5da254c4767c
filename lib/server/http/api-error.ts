// Typed API failures. The handler wrapper turns them into `{ error: { code, message, fields? } }`.
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;
  /** Extra figures the client shows with the error (a 402's balance and cost). */
  readonly details?: Record<string, number | string>;
  /** Seconds before a retry can succeed (429, 503): sent as the Retry-After header. */
  retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    details?: Record<string, number | string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = "Not found") => new ApiError("not_found", what);
