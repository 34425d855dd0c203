-- The register's "Bestand seit" (issue #50): the day from which the owner's register stands behind its
-- residents, one per owner (a user, until registers belong to teams). A tenancy without a move-in is
-- reported to on-site-roles providers from this day; without it, from the start of the unit's oldest
-- document period (lib/residents/reports/basis.ts). NULL or no row: not set.
CREATE TABLE register_settings (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  since date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
