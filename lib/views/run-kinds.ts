import "server-only";
import { confirmRunKind } from "@/lib/delivery/confirm/run-kind";
import { handoffRunKind } from "@/lib/handoffs/run-kind";
import type { RunKind } from "@/lib/runs/kind";
import type { RunKindName } from "@/lib/runs/schemas";

/**
 * Every kind of run, as the features declare them: the registry the runs' routes read (`/api/runs`), in this room
 * above both features, as lib/runs stands below them. A feature that starts a run imports its own kind.
 */
export const RUN_KINDS: readonly RunKind[] = [confirmRunKind, handoffRunKind] as readonly RunKind[];

/** The kinds a list asks for: one by name, or all. */
export const kindsOf = (name: RunKindName | undefined): readonly RunKind[] =>
  name === undefined ? RUN_KINDS : RUN_KINDS.filter((k) => k.name === name);
