/**
 * A failed call to Bozor's API as both front ends see it: the storefront's `apiRequest` and the
 * back office's `adminApi` throw it for every answer that is not 2xx and for no answer at all, so
 * a page reads the server's message, the code and the fields to mark the same way in both.
 */
export type FieldErrors = Record<string, string[]>;

/** The code of a call that got no answer (no connection, or the connection dropped). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export interface ApiErrorDetails {
  /** The fields the server refused, with its messages (a 422's `errors`). */
  fieldErrors?: FieldErrors;
  /** Seconds the server asks to wait before trying again (`Retry-After` of a 429), if it said. */
  retryAfter?: number;
  /** What the error envelope carries besides the message (a limit shortfall's figures), if any. */
  data?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  readonly retryAfter: number | undefined;
  readonly data: unknown;

  constructor(status: number, message: string, code: string, details: ApiErrorDetails = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfter = details.retryAfter;
    this.data = details.data;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The field errors of an envelope: only arrays of messages count, anything else is dropped. */
function fieldErrorsOf(errors: unknown): FieldErrors {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m) => typeof m === 'string');
  }
  return out;
}

/**
 * The ApiError of a non-2xx answer from its parsed body, the error envelope (`ErrorBody`): read
 * defensively, since a proxy in front of the shop may answer a page of its own or nothing. The
 * fallback message is the caller's, in the reader's language.
 */
export function apiErrorOf(
  status: number,
  body: unknown,
  fallbackMessage: string,
  retryAfter?: number,
): ApiError {
  const envelope = (body && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    code?: unknown;
    errors?: unknown;
    data?: unknown;
  };
  return new ApiError(
    status,
    typeof envelope.message === 'string' && envelope.message ? envelope.message : fallbackMessage,
    typeof envelope.code === 'string' && envelope.code ? envelope.code : `HTTP_${status}`,
    { fieldErrors: fieldErrorsOf(envelope.errors), retryAfter, data: envelope.data },
  );
}

/** `Retry-After` in seconds; a date, a negative or a missing header gives undefined. */
export function retryAfterOf(header: string | null): number | undefined {
  const value = Number(header ?? Number.NaN);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}
