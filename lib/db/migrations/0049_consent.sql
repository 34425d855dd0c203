-- The resident's own consent to a digital channel (issue #47, docs/api.md "Consent"): §6a HeizkostenV allows e-mail or
-- the portal only with the resident's agreement, and the letter always. A tenancy's `channel` is the channel in force:
-- e-mail or portal only while a consent for that channel is recorded (`consent_how`: 'link', the resident's own act on
-- the opt-in page with their address confirmed by a code, or 'written', a written agreement a manager records with its
-- date and reference); an objection (`consent_objected_at`) ends it and the letter applies from the next document on.
-- `digital_consent_at` stays the consent's date; `digital_consent_how`, a free text until now, is read once here.
ALTER TABLE tenancies ADD COLUMN consent_channel text;
ALTER TABLE tenancies ADD COLUMN consent_how text;
ALTER TABLE tenancies ADD COLUMN consent_reference text;
ALTER TABLE tenancies ADD COLUMN consent_objected_at timestamptz;

-- A text a manager typed when recording the channel names a written agreement: it becomes the reference. The words
-- the app wrote itself for an import or an edit ("Zustellweg laut Registerimport", "Änderung im Verzeichnis",
-- "Angabe der Hausverwaltung") record the office's choice, not the resident's: those residents go by letter now,
-- and the month page offers them the opt-in link.
UPDATE tenancies SET consent_channel = channel, consent_how = 'written', consent_reference = left(digital_consent_how, 200)
  WHERE channel IN ('email', 'portal') AND digital_consent_at IS NOT NULL AND digital_consent_how IS NOT NULL
    AND digital_consent_how NOT IN ('Zustellweg laut Registerimport', 'Änderung im Verzeichnis', 'Angabe der Hausverwaltung');
UPDATE tenancies SET channel = 'post', digital_consent_at = NULL
  WHERE channel IN ('email', 'portal') AND consent_how IS NULL;
UPDATE tenancies SET digital_consent_how = NULL;

ALTER TABLE tenancies ADD CONSTRAINT tenancies_consent_how_check CHECK (consent_how IN ('link', 'written'));
ALTER TABLE tenancies ADD CONSTRAINT tenancies_consent_channel_check CHECK (consent_channel IN ('email', 'portal'));
-- A digital channel without a consent for it cannot be stored: the letter is the rule.
ALTER TABLE tenancies ADD CONSTRAINT tenancies_digital_consent_check
  CHECK (channel IS NULL OR channel = 'post' OR (consent_channel = channel AND digital_consent_at IS NOT NULL));

-- The resident's confirmation of an address on the opt-in page: a code sent to it, kept hashed for CONSENT_CODE_MINUTES.
CREATE TABLE consent_codes (
  tenancy_id uuid PRIMARY KEY REFERENCES tenancies (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'portal')),
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
