-- Two lookups each report made as scans (issue #37, the on-site-roles figure):
-- the sender's claim takes each connection's earliest due reports through this index instead of
-- numbering every due row (lib/residents/reports/store.ts claimDue);
DROP INDEX osr_reports_due;
CREATE INDEX osr_reports_due ON osr_reports (connection_id, next_attempt_at) WHERE state IN ('pending', 'unknown');
-- and the sandbox finds a unit that a document names by containment (`metadata @> '[{"mscnumber": …}]'`),
-- not by reading every document's metadata (lib/sandbox/osr/store.ts isKnownUnit).
CREATE INDEX sandbox_documents_metadata ON sandbox_documents USING gin (metadata jsonb_path_ops);
