-- A resident's portal link went to the e-mail or postal address the register had then. When the
-- owner corrects that address, or moves the resident off the portal channel, the live link (maybe
-- mailed to a mistyped address) ends at once; the next mail or letter carries a fresh one.
CREATE FUNCTION units_revoke_portal_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE portal_links SET revoked_at = now() WHERE unit_id = NEW.id AND revoked_at IS NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER units_revoke_portal_links AFTER UPDATE ON units FOR EACH ROW
  WHEN (OLD.resident_email IS DISTINCT FROM NEW.resident_email
    OR OLD.postal_address IS DISTINCT FROM NEW.postal_address
    OR (OLD.channel = 'portal' AND NEW.channel IS DISTINCT FROM 'portal'))
  EXECUTE FUNCTION units_revoke_portal_links();
