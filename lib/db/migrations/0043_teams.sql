-- Teams (issue #46, docs/api.md "Teams"): every user belongs to exactly one team, the office or a department of it,
-- and what a manager keeps belongs to the team: the register (units with their tenancies, hand-offs, portal links and
-- reports, which hang off the units), the hand-off texts and the sender's address. Every member works on all of it.
-- `four_eyes`: the team's setting of the Vier-Augen-Prinzip (off by default), with the bulk confirmation's threshold.
CREATE TABLE teams (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  four_eyes boolean NOT NULL DEFAULT false,
  four_eyes_min_documents integer NOT NULL DEFAULT 20 CHECK (four_eyes_min_documents >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every existing user gets a team of their own, named after them, nothing lost. Its id is the user's own: the
-- register's owner column then names that team as it stands, and only changes its name and its reference below.
INSERT INTO teams (id, name) SELECT id, name FROM users;
ALTER TABLE users ADD COLUMN team_id uuid REFERENCES teams (id);
UPDATE users SET team_id = id;
ALTER TABLE users ALTER COLUMN team_id SET NOT NULL;
CREATE INDEX users_team ON users (team_id);

-- The register and what hangs off it: owned by the team. A user who leaves takes nothing with them.
ALTER TABLE units RENAME COLUMN user_id TO team_id;
ALTER TABLE units DROP CONSTRAINT units_user_id_fkey;
ALTER TABLE units ADD CONSTRAINT units_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE;
ALTER TABLE handoff_texts RENAME COLUMN user_id TO team_id;
ALTER TABLE handoff_texts DROP CONSTRAINT handoff_texts_user_id_fkey;
ALTER TABLE handoff_texts ADD CONSTRAINT handoff_texts_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
  ON DELETE CASCADE;
ALTER TABLE register_settings RENAME COLUMN user_id TO team_id;
ALTER TABLE register_settings DROP CONSTRAINT register_settings_user_id_fkey;
ALTER TABLE register_settings ADD CONSTRAINT register_settings_team_id_fkey FOREIGN KEY (team_id) REFERENCES teams (id)
  ON DELETE CASCADE;

-- A connection keeps its owner (`user_id`, whose key seals its secret) and gains its team: the owner's when it was
-- made, kept when the owner leaves, so that it serves the team until an admin transfers or removes it. `shared`: the
-- owner lets the team's members sync, read, confirm and hand on through it.
ALTER TABLE connections ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE CASCADE;
UPDATE connections c SET team_id = u.team_id FROM users u WHERE u.id = c.user_id;
ALTER TABLE connections ALTER COLUMN team_id SET NOT NULL;
ALTER TABLE connections ADD COLUMN shared boolean NOT NULL DEFAULT false;
CREATE INDEX connections_team ON connections (team_id) WHERE deleted_at IS NULL;
