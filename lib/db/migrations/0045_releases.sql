-- Four eyes (issue #46, docs/api.md "Four eyes"): with a team's four eyes on, a bulk confirmation of more than its
-- `four_eyes_min_documents`, a hand-off run and a print wait here for a second member of the team. A release keeps the
-- request's body as it was asked and a fingerprint (SHA-256) of what the work would touch, split into its documents'
-- and its recipients' part, so that an approval recomputes it and a changed part voids the release by name.
CREATE TABLE releases (
  id uuid PRIMARY KEY,
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('confirm', 'handoff', 'print')),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'void', 'done')),
  -- A confirmation's connection; null for a hand-off and a print (their documents name their connections).
  connection_id uuid REFERENCES connections (id) ON DELETE CASCADE,
  body jsonb NOT NULL,
  documents integer NOT NULL,
  units integer NOT NULL,
  residents integer NOT NULL,
  fingerprint text NOT NULL,
  fingerprint_documents text NOT NULL,
  fingerprint_recipients text NOT NULL,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  released_by uuid REFERENCES users (id) ON DELETE SET NULL,
  released_at timestamptz,
  void_reason text,
  -- The run the release started (a confirmation, a hand-off); a print has none.
  run_id uuid,
  done_at timestamptz
);
CREATE INDEX releases_team ON releases (team_id, requested_at DESC);
CREATE INDEX releases_open ON releases (team_id, kind) WHERE state IN ('open', 'released');
