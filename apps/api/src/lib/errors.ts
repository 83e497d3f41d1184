import type { ErrorCode } from './error-messages.ts';

// error-handler.ts imports AppError back; it reads it only while handling a request, so the cycle
// between the two modules is settled before it matters.
export { type ErrorCode, errorMessage, fieldMessage } from './error-messages.ts';

/** The one error services throw; the error handler turns it into the envelope of DESIGN §2. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: Record<string, string[]> | undefined;
  /** Seconds, sent as `Retry-After` with a 429. */
  readonly retryAfter: number | undefined;
  /** What the customer needs to act on the refusal (the least prepayment), sent as `data`. */
  readonly data: unknown;
  /** Values the message names, written into its `{name}` places (how many products use it). */
  readonly params: Record<string, string | number> | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    fieldErrors?: Record<string, string[]>,
    options: { retryAfter?: number; data?: unknown; params?: Record<string, string | number> } = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.retryAfter = options.retryAfter;
    this.data = options.data;
    this.params = options.params;
  }
}

export const notFound = (code: ErrorCode = 'NOT_FOUND') => new AppError(code, 404);
