-- The residents' portal (lib/handoffs/portal-links.ts, issue #24): one private link per unit and
-- resident (`resident_since`, as the register holds it), so a new resident or an erased one makes
-- the old link invalid by construction: it names a resident the unit no longer has. Only the
-- token's SHA-256 is kept; the token itself exists only in the mail or letter that carried it, so
-- a link can be replaced, never repeated. `delivered` says how it reached the resident (`email`,
-- `letter`) or that it has not yet (null: the next mail or letter carries a fresh one).
CREATE TABLE portal_links (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  resident_since timestamptz NOT NULL,
  token_sha256 text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  delivered text CHECK (delivered IN ('email', 'letter')),
  issued_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX portal_links_token ON portal_links (token_sha256);
-- At most one live link per unit and resident; the history of revoked ones stays beside it.
CREATE UNIQUE INDEX portal_links_live ON portal_links (unit_id, resident_since) WHERE revoked_at IS NULL;
