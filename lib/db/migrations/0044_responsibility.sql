-- Who looks after which property (issue #46, docs/api.md "Responsibility and absence"): per team and property of its
-- register, the responsible manager and their stand-in. A property is a name of the register (units.property), not a
-- row of its own, so the pair is keyed by it; a name that leaves the register leaves its row unread. A member who
-- leaves the office takes their rows with them (the deputy's place is emptied); one moved to another team is no
-- longer read as responsible (the reads join the team's members).
CREATE TABLE property_responsibility (
  team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  property text NOT NULL,
  responsible_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deputy_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (team_id, property),
  CHECK (deputy_id IS NULL OR deputy_id <> responsible_id)
);
CREATE INDEX property_responsibility_deputy ON property_responsibility (deputy_id) WHERE deputy_id IS NOT NULL;

-- A member's absence (holiday, illness): from the first to the last day, both counted, in the office's time zone.
-- While it lasts, the deputies of the absent member's properties act for them. One current absence per user: a new
-- one replaces it, ending it removes it.
CREATE TABLE absences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  starts date NOT NULL,
  ends date NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends >= starts)
);
