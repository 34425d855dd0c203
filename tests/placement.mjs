// Where each HTTP test file (tests/integration/<feature>/, tests/conformance) runs: every file runs on the
// embedded database; a file whose behaviour can differ between the engines runs on PostgreSQL too,
// and says why. tests/unit/placement.test.ts fails for a file that is not placed here.
//
// What differs between the engines: locks and concurrency, several instances on one database,
// migrations, the archive in the database, query plans, types and SQL features, sessions checked
// against the database at every request (lib/auth/session-checks.ts), the sync's index writes
// (lib/delivery/document-index.ts), backup, restore, db:copy and crash recovery.
import { readdirSync } from "node:fs";
import path from "node:path";

const embedded = {};
/** Runs on both databases, for the reason given. */
const both = (why) => ({ postgres: why });
/** Runs after the files that run side by side, by itself, for the reason given (with `postgres` also there). */
const alone = (why, placed = embedded) => ({ ...placed, alone: why });

export const PLACEMENT = {
  "conformance/sandbox-control.test.ts": embedded,
  "conformance/sandbox-dta.test.ts": embedded,
  "conformance/sandbox-faults.test.ts": embedded,
  "conformance/sandbox-oidc.test.ts": embedded,
  "conformance/sandbox-osr.test.ts": embedded,
  "conformance/sandbox-uvi.test.ts": embedded,
  "integration/auth/auth.test.ts": embedded,
  "integration/auth/hardening-origin.test.ts": embedded,
  "integration/auth/hardening-sessions.test.ts": both("sessions checked against the database at every request there"),
  "integration/auth/hardening-throttle.test.ts": both("30 sign-ins at once count in one row: locks"),
  "integration/auth/throttle.test.ts": both("the block kept in the database across a restart"),
  "integration/auth/teams.test.ts": both(
    "a move between teams ends access with the next request: sessions and scopes checked against the database at every request there",
  ),
  "integration/auth/users.test.ts": embedded,
  "integration/connections/connections-everyday.test.ts": embedded,
  "integration/connections/connections-keys.test.ts": embedded,
  "integration/connections/connections-secrets.test.ts": embedded,
  "integration/connections/connections-shared.test.ts": both(
    "who works through a connection is asked of the database at every request there",
  ),
  "integration/connections/connections.test.ts": both(
    "a role change ends sessions: checked against the database at every request there",
  ),
  "integration/connections/hardening-provider.test.ts": embedded,
  "integration/connections/hardening-secrets.test.ts": embedded,
  "integration/connections/proxy-sandbox.test.ts": embedded,
  "integration/connections/proxy.test.ts": embedded,
  "integration/connections/ssrf.test.ts": embedded,
  "integration/delivery/confirm-runs.test.ts": both(
    "a run's claims and their end after a crash: locks and crash recovery",
  ),
  "integration/delivery/confirmed-elsewhere.test.ts": embedded,
  "integration/delivery/delivery-confirm-bulk.test.ts": both(
    "archive before confirm, two runs at once: the archive in the database, locks",
  ),
  "integration/delivery/delivery-confirm.test.ts": both(
    "archive before confirm, two runs at once: the archive in the database, locks",
  ),
  "integration/delivery/delivery-crash.test.ts": both("crash recovery; two instances on one database"),
  "integration/delivery/delivery-names.test.ts": embedded,
  "integration/delivery/delivery-support-reports.test.ts": both(
    "the completeness grid and the CSV: SQL features and types (dates, aggregates)",
  ),
  "integration/delivery/delivery-support.test.ts": both("support's search: SQL features and plans"),
  "integration/delivery/delivery-sync.test.ts": both("the sync's index writes and the sync lease"),
  "integration/delivery/delivery-view.test.ts": both("archive commits during a shutdown: the archive in the database"),
  "integration/delivery/display-time-zone.test.ts": both("days of a time zone in SQL"),
  "integration/delivery/file-facts.test.ts": embedded,
  "integration/delivery/resilience-archive.test.ts": both("half-archived blobs in the database after a crash"),
  "integration/delivery/resilience-confirm-late.test.ts": both("two instances on one database (PostgreSQL only)"),
  "integration/delivery/resilience-confirm.test.ts": both("two instances on one database (PostgreSQL only)"),
  "integration/delivery/resilience-walk.test.ts": alone(
    "it measures other requests' answer times during a long sync: other files' load would be measured too",
    both("the sync's index writes under an untrusted provider"),
  ),
  "integration/delivery/sync-scheduler.test.ts": both("two instances share the schedule: locks"),
  "integration/handoffs/bounce-letters.test.ts": embedded,
  "integration/handoffs/bounces.test.ts": embedded,
  "integration/handoffs/consent.test.ts": both(
    "the consent's one statement (a code deleted, the tenancy updated and the event written by CTEs) under the register's lock",
  ),
  "integration/handoffs/handoff-run-words.test.ts": embedded,
  "integration/handoffs/handoff-runs-instances.test.ts": both("two instances on one database (PostgreSQL only)"),
  "integration/handoffs/handoff-runs.test.ts": both(
    "a run's claims and their end after a crash: locks and crash recovery",
  ),
  "integration/handoffs/handoffs-month.test.ts": both("the month view's aggregates: SQL features and types"),
  "integration/handoffs/handoffs-portal.test.ts": embedded,
  "integration/handoffs/handoffs-posted.test.ts": both(
    "the append-only record of outcomes (a trigger) written by data-modifying WITH statements: SQL features",
  ),
  "integration/handoffs/handoffs-print.test.ts": embedded,
  "integration/handoffs/handoffs-proof.test.ts": both(
    "the month view's statement with the record's message ids and hashes: SQL features and types",
  ),
  "integration/handoffs/handoffs.test.ts": both("a hand-off's intent row before each send: locks"),
  "integration/handoffs/mail.test.ts": embedded,
  "integration/handoffs/month-round.test.ts": both(
    "the month page's aggregates (recursive CTE, FILTER, jsonb, the recipient function): SQL features and types",
  ),
  "integration/hardening/hardening-bodies.test.ts": embedded,
  "integration/hardening/hardening-misc.test.ts": both("a database error's log line: the drivers' errors differ"),
  "integration/hardening/hardening-pdf.test.ts": embedded,
  "integration/hardening/hardening-sandbox.test.ts": embedded,
  "integration/hardening/security.test.ts": embedded,
  "integration/ops/config.test.ts": embedded,
  "integration/ops/demo.test.ts": embedded,
  "integration/ops/openapi.test.ts": embedded,
  "integration/ops/ops-backup-copy.test.ts": both("db:copy into PostgreSQL (skipped without it)"),
  "integration/ops/ops-backup.test.ts": both("backup and restore of either engine"),
  "integration/ops/ops-db-thread.test.ts": embedded,
  "integration/ops/ops-lifecycle-drain.test.ts": both("leases and claims after SIGTERM: crash recovery"),
  "integration/ops/ops-lifecycle.test.ts": both("readiness when the database cannot be reached (PostgreSQL only)"),
  "integration/ops/ops-metrics.test.ts": embedded,
  "integration/outbox/outbox-records.test.ts": both("two uploads of the same bytes at once: locks"),
  "integration/outbox/outbox.test.ts": embedded,
  "integration/reports/osr-accept.test.ts": both(
    "the day a tenancy without a move-in is reported from: a subquery's min over dates, a data-modifying WITH",
  ),
  "integration/reports/osr-reports-lists.test.ts": both(
    "the report events written by data-modifying WITH statements, jsonb metadata read after a sync",
  ),
  "integration/reports/osr-reports-privacy.test.ts": both(
    "the erasure's codes-only messages in jsonb SQL and its rewrite of the report tables",
  ),
  "integration/reports/osr-reports.test.ts": both("report claims and their outcomes: locks, jsonb and SQL features"),
  "integration/residents/tenancies-handoff.test.ts": both(
    "the one rule is a database function joined by every view: SQL features",
  ),
  "integration/residents/tenancies-retention.test.ts": both(
    "dates and intervals in SQL; the erasure's rewrite of the table",
  ),
  "integration/residents/units-hold.test.ts": both(
    "the hold's migration, and the retention's sweep: interval arithmetic and deletes through CTEs on either engine",
  ),
  "integration/residents/units-history.test.ts": both("the import's bulk writes of tenancies: SQL features and types"),
  "integration/residents/units-import-load.test.ts": alone(
    "it measures other requests' answer times during the largest register import: other files' load would be measured too",
    both("the import's one transaction and its writes: locks, and the embedded database's single thread"),
  ),
  "integration/residents/units-inbox.test.ts": embedded,
  "integration/residents/units-moves.test.ts": embedded,
  "integration/residents/units-refusals.test.ts": both(
    "the import's bulk writes and the register's paging: SQL features and types",
  ),
  "integration/residents/units-roundtrip.test.ts": both(
    "the import's writes and removals of tenancies with their contract numbers (migration 0039): SQL features and types",
  ),
  "integration/residents/units-use.test.ts": both(
    "the register's search: SQL features (case-insensitive matching); the erasure's rewrite and checkpoint: privileges",
  ),
  "integration/residents/units-words.test.ts": embedded,
  "integration/residents/units.test.ts": both(
    "the import's bulk writes and the register's paging: SQL features and types",
  ),
  "integration/runs/runs.test.ts": embedded,
  "integration/teams/releases.test.ts": both(
    "a release is claimed by a conditional update (two approvals start the work once) and its fingerprint reads jsonb",
  ),
  "integration/teams/responsibility.test.ts": embedded,
  "integration/teams/team-merge.test.ts": both(
    "one transaction under both registers' advisory locks, temporary maps and set-based statements with ON CONFLICT-free clash rules, and the hand-off outcomes' append-only trigger",
  ),
  "integration/teams/team-walk.test.ts": embedded,
  "integration/teams/team-access.test.ts": both(
    "every route × who asks (issue #46): sessions, roles and teams checked against the database at every request there",
  ),
};

/**
 * Every HTTP test file on disk, as `tests/<dir>/<file>` or, for the integration tests grouped by feature,
 * `tests/integration/<feature>/<file>`, sorted.
 */
export function httpTestFiles(root) {
  return ["integration", "conformance"].flatMap((dir) =>
    readdirSync(path.join(root, "tests", dir), { recursive: true })
      .filter((f) => f.endsWith(".test.ts"))
      .sort()
      .map((f) => path.join("tests", dir, f)),
  );
}

/** A file's key in PLACEMENT: its path below `tests/`, with `/`. */
export function placementKey(file) {
  const parts = file.split(/[\\/]/);
  return parts.slice(parts.lastIndexOf("tests") + 1).join("/");
}

/** The placement of a file of `httpTestFiles`; a file not placed is an error. */
export function placementOf(file) {
  const key = placementKey(file);
  const placed = PLACEMENT[key];
  if (!placed) throw new Error(`${key} is not placed in tests/placement.mjs: say which databases it runs on`);
  return placed;
}
