-- A run belongs to the page that started it (issue #50): `scope` says which, `inbox` or `month:YYYY-MM`
-- (lib/ops/run-scope.ts), so that a page lists only its own runs; null for a run started by another caller
-- of the API (listed only when no scope is asked for).
ALTER TABLE delivery_confirmation_runs ADD COLUMN scope text;
ALTER TABLE handoff_runs ADD COLUMN scope text;
-- A hand-off line's reason as a code with its variables (`{key, vars}`, or `{failure}` for a failed send:
-- lib/residents/handoffs/reasons.ts), rendered in the reader's language when read. Older lines keep
-- `message`, written in the words of the user who started the run, and are shown as they are.
ALTER TABLE handoff_run_lines ADD COLUMN reason jsonb;
