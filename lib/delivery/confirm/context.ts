import "server-only";
import type { Actor } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import type { ConnectionRow } from "@/lib/db/schema/connections";
import type { ProviderClient } from "@/lib/provider/client";

/** What a confirmation works with: the database, the connection, its provider client and who confirms. */
export type ConfirmContext = { db: Db; connection: ConnectionRow; client: ProviderClient; actor: Actor };
