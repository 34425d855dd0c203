import ipaddr from "ipaddr.js";

// ipaddr.js reads `::1.2.3.4` (IPv4-compatible) as IPv4-mapped too; only `::ffff:a.b.c.d` is.
const MAPPED_DOTTED = /^(?:::|(?:0{1,4}:){5})ffff:\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i;
// A value that is no address (a misconfigured proxy's) still counts, under a bounded key.
const MAX_RAW_LENGTH = 100;

/**
 * The unit a client address is throttled and remembered by. Invariant: all addresses one host can
 * choose between fall into one group: an IPv6 address counts as its /64 (a customer's network,
 * whose 2^64 addresses any host in it may use), an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as
 * the IPv4 address it carries, an IPv4 address as itself. Anything else counts as written.
 */
export function addressGroup(address: string): string {
  const raw = address.trim().toLowerCase();
  if (ipaddr.IPv4.isValidFourPartDecimal(raw)) return ipaddr.IPv4.parse(raw).toString();
  if (!ipaddr.IPv6.isValid(raw)) return raw.slice(0, MAX_RAW_LENGTH);
  const v6 = ipaddr.IPv6.parse(raw);
  if (v6.isIPv4MappedAddress() && (!raw.includes(".") || MAPPED_DOTTED.test(raw))) return v6.toIPv4Address().toString();
  // The zone of a link-local address (`%eth0`) is dropped with the host half.
  return `${new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
