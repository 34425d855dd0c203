-- Residents in time (issue #34, docs/api.md "The unit register"): a unit's history of tenancies
-- replaces the one resident the register held. A tenancy names its resident (personal data: never
-- in logs, metrics or the audit trail), or none for a vacancy, and the days it ran: `move_in` null
-- where the register never learnt it (there since before any document), `move_out` the last day
-- lived there (inclusive), null while it runs. Hand-offs and portal links name the tenancy.
CREATE TABLE tenancies (
  id uuid PRIMARY KEY,
  unit_id uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  move_in date,
  move_out date,
  vacancy boolean NOT NULL DEFAULT false,
  resident_name text,
  salutation text,
  first_name text,
  last_name text,
  company text,
  resident_email text,
  channel text CHECK (channel IN ('email', 'portal', 'post')),
  postal_address text,
  -- When and how the resident chose a digital channel (§6a HeizkostenV: paper unless they did).
  digital_consent_at timestamptz,
  digital_consent_how text,
  -- RESIDENT_RETENTION_MONTHS after the move-out, or on request: the person's data is gone, the dates stay.
  erased_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (move_out IS NULL OR move_in IS NULL OR move_out >= move_in),
  CHECK (NOT vacancy OR (resident_name IS NULL AND channel IS NULL)),
  CHECK (vacancy OR erased_at IS NOT NULL OR (resident_name IS NOT NULL AND channel IS NOT NULL))
);
CREATE INDEX tenancies_unit ON tenancies (unit_id, move_in);
-- The retention's sweep: former residents whose data is still held.
CREATE INDEX tenancies_moved_out ON tenancies (move_out) WHERE erased_at IS NULL AND NOT vacancy;

-- The present residents become tenancies. One entered after its unit (`resident_since` later than
-- the unit's row) replaced someone: it moved in on that day (Europe/Berlin, the display zone's
-- default); the first resident of an import has lived there since before any document.
INSERT INTO tenancies (id, unit_id, move_in, resident_name, resident_email, channel, postal_address, created_at, updated_at)
SELECT gen_random_uuid(), u.id,
  CASE WHEN u.resident_since > u.created_at THEN (u.resident_since AT TIME ZONE 'Europe/Berlin')::date END,
  u.resident_name, u.resident_email, u.channel, u.postal_address, COALESCE(u.resident_since, now()), u.updated_at
FROM units u WHERE u.resident_name IS NOT NULL AND u.channel IS NOT NULL;

-- A hand-off names the tenancy it went to; those of residents the register no longer had keep
-- their unit, channel, state and hash, without a tenancy.
ALTER TABLE handoffs ADD COLUMN tenancy_id uuid REFERENCES tenancies(id) ON DELETE SET NULL;
UPDATE handoffs h SET tenancy_id = t.id FROM units u JOIN tenancies t ON t.unit_id = u.id
  WHERE h.unit_id = u.id AND h.resident_since = u.resident_since;
DROP INDEX handoffs_once;
ALTER TABLE handoffs DROP COLUMN resident_since;
CREATE UNIQUE INDEX handoffs_once ON handoffs (connection_id, documentid, tenancy_id);
CREATE INDEX handoffs_tenancy ON handoffs (tenancy_id);

-- A portal link is a tenancy's; links of residents the register no longer had could never open.
ALTER TABLE portal_links ADD COLUMN tenancy_id uuid REFERENCES tenancies(id) ON DELETE CASCADE;
UPDATE portal_links l SET tenancy_id = t.id FROM units u JOIN tenancies t ON t.unit_id = u.id
  WHERE l.unit_id = u.id AND l.resident_since = u.resident_since;
DELETE FROM portal_links WHERE tenancy_id IS NULL;
ALTER TABLE portal_links ALTER COLUMN tenancy_id SET NOT NULL;
DROP INDEX portal_links_live;
ALTER TABLE portal_links DROP COLUMN resident_since;
CREATE UNIQUE INDEX portal_links_live ON portal_links (tenancy_id) WHERE revoked_at IS NULL;

-- The revocation of 0027 follows the tenancy: a corrected address or a move off the portal ends the live link.
DROP TRIGGER units_revoke_portal_links ON units;
DROP FUNCTION units_revoke_portal_links();
CREATE FUNCTION tenancies_revoke_portal_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE portal_links SET revoked_at = now() WHERE tenancy_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END
$$;
CREATE TRIGGER tenancies_revoke_portal_links AFTER UPDATE ON tenancies FOR EACH ROW
  WHEN (OLD.resident_email IS DISTINCT FROM NEW.resident_email
    OR OLD.postal_address IS DISTINCT FROM NEW.postal_address
    OR (OLD.channel = 'portal' AND NEW.channel IS DISTINCT FROM 'portal')
    OR (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL))
  EXECUTE FUNCTION tenancies_revoke_portal_links();

ALTER TABLE units DROP COLUMN resident_name, DROP COLUMN resident_email, DROP COLUMN channel,
  DROP COLUMN postal_address, DROP COLUMN resident_since;
-- The provider's number of the property (on-site-roles' `billingunit`), from the import or the page.
ALTER TABLE units ADD COLUMN billingunit text;

-- A manager's decision for a document the rule hands to nobody (a change of resident in its
-- period, or no tenancy covering it): the tenancy that receives it, or null for "no hand-off needed".
CREATE TABLE handoff_assignments (
  connection_id uuid NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
  documentid text NOT NULL,
  unit_id uuid NOT NULL REFERENCES units(id) ON DELETE CASCADE,
  tenancy_id uuid REFERENCES tenancies(id) ON DELETE CASCADE,
  decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, documentid, unit_id)
);

-- Who receives a document (the one rule, docs/api.md "Who receives a document"): the manager's
-- assignment where there is one ('assigned', or 'none' needed); else the tenancy covering the whole
-- period ('resident'; 'vacancy' needs no hand-off); else 'change' when tenancies meet the period
-- only in part, 'uncovered' when none does, 'noPeriod' for a document without a period.
CREATE FUNCTION handoff_recipient(p_unit uuid, p_connection uuid, p_documentid text, p_from date, p_to date)
RETURNS TABLE (kind text, tenancy_id uuid) LANGUAGE sql STABLE AS $$
  SELECT
    CASE
      WHEN a.unit_id IS NOT NULL THEN CASE WHEN a.tenancy_id IS NULL THEN 'none' ELSE 'assigned' END
      WHEN p_from IS NULL THEN 'noPeriod'
      WHEN c.id IS NOT NULL THEN CASE WHEN c.vacancy THEN 'vacancy' ELSE 'resident' END
      WHEN EXISTS (SELECT 1 FROM tenancies t WHERE t.unit_id = p_unit
        AND (t.move_in IS NULL OR t.move_in <= COALESCE(p_to, p_from)) AND (t.move_out IS NULL OR t.move_out >= p_from))
        THEN 'change'
      ELSE 'uncovered'
    END,
    CASE WHEN a.unit_id IS NOT NULL THEN a.tenancy_id WHEN p_from IS NOT NULL AND NOT c.vacancy THEN c.id END
  FROM (SELECT 1) AS one
  LEFT JOIN handoff_assignments a ON a.connection_id = p_connection AND a.documentid = p_documentid AND a.unit_id = p_unit
  LEFT JOIN LATERAL (
    SELECT t.id, t.vacancy FROM tenancies t WHERE t.unit_id = p_unit
      AND (t.move_in IS NULL OR t.move_in <= p_from) AND (t.move_out IS NULL OR t.move_out >= COALESCE(p_to, p_from))
    ORDER BY t.move_in DESC NULLS LAST LIMIT 1
  ) c ON true
$$;
