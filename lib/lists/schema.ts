import { z } from "zod";
import type { ListDefinition, ListState, Param } from "./params";

/**
 * The strict reader of a list definition (lib/lists/params.ts): the route's query schema. Blank
 * means not given, as in the pages' reader (an emptied field arrives as `?state=`); anything else
 * must be valid, or the answer is a 400 naming the parameter.
 */

const blankIsMissing = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function strict(p: Param): z.ZodType {
  switch (p.kind) {
    case "int":
      return z.coerce.number().int().min(p.min).max(p.max);
    case "text":
      return z.string().trim().max(p.max);
    case "pattern": {
      const text = z.string().regex(p.pattern);
      return p.isValid ? text.refine(p.isValid) : text;
    }
    case "uuid":
      return z.uuid();
    case "oneOf":
      return z.enum(p.values as [string, ...string[]]);
  }
}

/** A list's query schema; `required` names parameters without a default that the route needs. */
export function listSchema<D extends ListDefinition, R extends keyof D & string = never>(
  definition: D,
  options: { required?: readonly R[] } = {},
) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, p] of Object.entries(definition)) {
    const value = strict(p);
    const full =
      p.default !== undefined
        ? value.default(p.default as never)
        : options.required?.includes(key as R)
          ? value
          : value.optional();
    shape[key] = z.preprocess(blankIsMissing, full);
  }
  // The shape is built from the definition that ListState reads, key by key (tests/unit/search-params.test.ts).
  return z.object(shape) as unknown as z.ZodType<ListState<D> & Required<Pick<ListState<D>, R & keyof ListState<D>>>>;
}
