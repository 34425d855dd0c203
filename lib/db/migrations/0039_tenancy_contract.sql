-- The property software's contract number of a tenancy (issue #50, "the register's round trip"): a column such as
-- `Vertragsnummer` or `Mietvertrag` in the import; its next export matches a row to the tenancy by it first, so a
-- corrected move-in or move-out corrects that tenancy. Not unique: a number is the property software's, per unit.
ALTER TABLE tenancies ADD COLUMN contract text;
