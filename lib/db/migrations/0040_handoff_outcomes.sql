-- Printed means posted, and the proof never forgets (issue #50, docs/api.md "The proof of a month").
-- A print's letters are `printed` ("Briefe erstellt"): made, not yet handed on. A person confirms
-- that they were printed and posted (POST /api/handoffs/posted): `posted`, handed on.
ALTER TABLE handoffs DROP CONSTRAINT handoffs_state_check;
ALTER TABLE handoffs ADD CONSTRAINT handoffs_state_check
  CHECK (state IN ('pending', 'sent', 'failed', 'unknown', 'printed', 'posted', 'opened'));

-- Every outcome of a hand-off, appended and never changed: a hand-off row holds where a document
-- stands for one tenancy now (a second send, an opening or a posting moves it on); this table holds
-- each step it took, so a proof lists every delivery, also after a move or a new assignment gave
-- the document to someone else. No name or address: the tenancy, the channel, the hash, the mail
-- server's message id or the failure's reason, who did it and when.
CREATE TABLE handoff_outcomes (
  id uuid PRIMARY KEY,
  handoff_id uuid REFERENCES handoffs(id) ON DELETE SET NULL,
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  unit_id uuid REFERENCES units(id) ON DELETE SET NULL,
  tenancy_id uuid REFERENCES tenancies(id) ON DELETE SET NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'portal', 'post')),
  state text NOT NULL CHECK (state IN ('sent', 'failed', 'unknown', 'printed', 'posted', 'opened')),
  attempt integer,
  sha256 text,
  message_id text,
  reason text,
  by_user uuid REFERENCES users(id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX handoff_outcomes_document ON handoff_outcomes (connection_id, documentid, at);

-- Append-only: what happened stays as it was written. Only the references that a removed unit,
-- tenancy, user or hand-off row clears (ON DELETE SET NULL) may change.
CREATE FUNCTION handoff_outcomes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.connection_id, NEW.documentid, NEW.channel, NEW.state, NEW.attempt, NEW.sha256, NEW.message_id,
      NEW.reason, NEW.at) IS DISTINCT FROM (OLD.id, OLD.connection_id, OLD.documentid, OLD.channel, OLD.state,
      OLD.attempt, OLD.sha256, OLD.message_id, OLD.reason, OLD.at)
    OR (NEW.unit_id IS NOT NULL AND NEW.unit_id IS DISTINCT FROM OLD.unit_id)
    OR (NEW.tenancy_id IS NOT NULL AND NEW.tenancy_id IS DISTINCT FROM OLD.tenancy_id)
    OR (NEW.by_user IS NOT NULL AND NEW.by_user IS DISTINCT FROM OLD.by_user)
    OR (NEW.handoff_id IS NOT NULL AND NEW.handoff_id IS DISTINCT FROM OLD.handoff_id) THEN
    RAISE EXCEPTION 'handoff_outcomes is append-only';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER handoff_outcomes_append_only BEFORE UPDATE ON handoff_outcomes FOR EACH ROW
  EXECUTE FUNCTION handoff_outcomes_append_only();

-- What the record held so far: each hand-off's last outcome (the earlier ones are in the audit trail).
INSERT INTO handoff_outcomes (id, handoff_id, connection_id, documentid, unit_id, tenancy_id, channel, state, attempt,
  sha256, message_id, reason, by_user, at)
SELECT gen_random_uuid(), h.id, h.connection_id, h.documentid, h.unit_id, h.tenancy_id, h.channel, h.state, h.attempts,
  h.sha256, h.message_id, h.reason, h.by_user, h.at
FROM handoffs h WHERE h.state <> 'pending';
