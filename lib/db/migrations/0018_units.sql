-- The unit register (lib/units): each user's usage units with the property they belong to and the
-- resident who lives there, imported from property-management software or edited on the page. A
-- unit is keyed per user by its `mscnumber`, else its `pmnumber` (`unit_key`, 'm:…' or 'p:…'), the
-- way a provider document names its unit. Resident columns are personal data: they are never
-- copied into logs, metrics or the audit trail, and an admin can erase them (the unit stays).
CREATE TABLE units (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  unit_key text NOT NULL,
  mscnumber text,
  pmnumber text,
  property text,
  address text,
  label text,
  resident_name text,
  resident_email text,
  channel text CHECK (channel IN ('email', 'portal', 'post')),
  postal_address text,
  -- When the present resident was entered: a new name starts it again (the hand-off's portal shows
  -- a resident's documents from then on).
  resident_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (mscnumber IS NOT NULL OR pmnumber IS NOT NULL),
  CHECK ((resident_name IS NULL) = (channel IS NULL))
);
-- The import's key; the register's page in order; a document's unit found by either number.
CREATE UNIQUE INDEX units_key ON units (user_id, unit_key);
CREATE INDEX units_order ON units (user_id, property, label, unit_key);
CREATE INDEX units_msc ON units (user_id, mscnumber);
CREATE INDEX units_pm ON units (user_id, pmnumber);
