import type { z } from "zod";
import type { FieldError } from "@/lib/errors";
import { isMessageKey } from "@/lib/i18n/messages";

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
        if (issue.origin === "string") return { path, message: "validation.tooLong", vars: { max: Number(issue.maximum) } };
        return { path, message: "validation.tooBig", vars: { max: Number(issue.maximum) } };
      case "invalid_format":
        if (issue.format === "email") return { path, message: "validation.email" };
        if (issue.format === "url") return { path, message: "validation.url" };
        return { path, message: "validation.invalid" };
      case "invalid_value":
        return { path, message: "validation.oneOf", vars: { options: issue.values.map(String).join(", ") } };
      case "invalid_type":
        return issue.input === undefined ? { path, message: "validation.required" } : { path, message: "validation.type" };
      case "unrecognized_keys":
        return { path: issue.keys.join(", "), message: "validation.unknownKey" };
      case "custom": {
        // A refinement names its own message: `params: { messageKey }`.
        const key: unknown = issue.params?.messageKey;
        return { path, message: typeof key === "string" && isMessageKey(key) ? key : "validation.invalid" };
      }
      default:
        return { path, message: "validation.invalid" };
    }
  });
}
