/**
 * The path of a unit's on-site-roles v2 report below `{v2_base}` (the on-site-roles specification, 4.2). The
 * numbers are path segments: encoded, so a number never leaves its segment.
 */
export const osrPath = (billingunit: string, unit: string) =>
  `/onsiteroles/v2/billingunits/${encodeURIComponent(billingunit)}/residentialunits/${encodeURIComponent(unit)}/on-site-roles`;
