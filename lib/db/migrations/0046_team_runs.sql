-- Runs belong to the team (issue #46: "Everything a manager keeps belongs to their team: … reports, runs"): every
-- member lists, reads and cancels the team's runs, and sees who started each (lib/runs/runs.ts). `team_id` is the
-- starter's team when it started; a member moved to another team leaves their runs with the team they ran for.
ALTER TABLE runs ADD COLUMN team_id uuid REFERENCES teams(id) ON DELETE CASCADE;
UPDATE runs SET team_id = u.team_id FROM users u WHERE u.id = runs.user_id;
ALTER TABLE runs ALTER COLUMN team_id SET NOT NULL;
CREATE INDEX runs_team ON runs (team_id, kind, started_at);
