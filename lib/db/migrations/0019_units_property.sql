-- Support's filter by property (lib/delivery/support/register.ts): support reads every user's
-- record, so a property is looked up by its name across all registers, which units_order (user
-- first) cannot serve. This index gives the numbers of one property's units at once, and the
-- distinct names for the filter's options one probe each.
CREATE INDEX units_property ON units (property);
