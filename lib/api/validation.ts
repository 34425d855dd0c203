import { z } from "zod";
import { AppError, notFound, type FieldError } from "@/lib/errors";
import { isMessageKey, type MessageKey, type MessageVars } from "@/lib/i18n/messages";

/** zod issues as field errors with message keys, so they can be shown in the caller's language. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue): FieldError => {
    const path = issue.path.map(String).join(".") || "(body)";
    switch (issue.code) {
      case "too_small":
        if (issue.origin === "string")
          return Number(issue.minimum) <= 1
            ? { path, message: "validation.required" }
            : { path, message: "validation.tooShort", vars: { min: Number(issue.minimum) } };
        return { path, message: "validation.tooSmall", vars: { min: Number(issue.minimum) } };
      case "too_big":
        if (issue.origin === "string")
          return { path, message: "validation.tooLong", vars: { max: Number(issue.maximum) } };
        return { path, message: "validation.tooBig", vars: { max: Number(issue.maximum) } };
      case "invalid_format":
        if (issue.format === "email") return { path, message: "validation.email" };
        if (issue.format === "url") return { path, message: "validation.url" };
        return { path, message: "validation.invalid" };
      case "invalid_value":
        return { path, message: "validation.oneOf", vars: { options: issue.values.map(String).join(", ") } };
      case "invalid_type":
        return issue.input === undefined
          ? { path, message: "validation.required" }
          : { path, message: "validation.type" };
      case "unrecognized_keys":
        return { path: issue.keys.join(", "), message: "validation.unknownKey" };
      case "custom": {
        // A refinement names its own message: `params: { messageKey, vars? }` (vars: what the message names, e.g. the
        // wrong values).
        const key: unknown = issue.params?.messageKey;
        const vars: unknown = issue.params?.vars;
        return {
          path,
          message: typeof key === "string" && isMessageKey(key) ? key : "validation.invalid",
          ...(typeof vars === "object" && vars !== null && { vars: vars as MessageVars }),
        };
      }
      default:
        return { path, message: "validation.invalid" };
    }
  });
}

/** `input` parsed by `schema`, or a 400 naming each field that does not fit. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw new AppError(400, "validation", "error.validation", { fields: fieldErrors(result.error) });
  return result.data;
}

/**
 * A route's path parameters: one that does not fit names no record, so the answer is 404 (with `missing` as its
 * message).
 */
export function parsePath<S extends z.ZodType>(
  schema: S,
  params: Record<string, string>,
  missing?: MessageKey,
): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) throw notFound(missing);
  return result.data;
}

/**
 * The `params` schema of a route whose named path parameters are any text (the handler or its function checks them).
 */
export const pathParams = <const K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>);
