import type { MessageKey, MessageVars } from "@/lib/i18n/messages";

export type FieldError = { path: string; message: MessageKey; vars?: MessageVars };

/**
 * The only error whose message is meant for a person. It carries a message key, resolved in the
 * caller's language when the answer is written; any other error becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly options: {
      vars?: MessageVars;
      fields?: FieldError[];
      /** Extra JSON fields of the answer, e.g. `state` of a confirmation. */
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(`${code}: ${messageKey}`, { cause: options.cause });
    this.name = "AppError";
  }
}

export const unauthorized = () => new AppError(401, "unauthorized", "error.unauthorized");
export const forbidden = () => new AppError(403, "forbidden", "error.forbidden");
export const notFound = (key: MessageKey = "error.notFound") => new AppError(404, "not_found", key);
