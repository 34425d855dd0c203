import { z } from "zod";

/** The name of a fault rule's hold (./holds.ts): what a test lifts through the control API. */
export const HoldName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, "letters, digits, - and _, at most 64");
