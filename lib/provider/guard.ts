import "server-only";
import type { LookupAddress, LookupOneOptions, LookupAllOptions } from "node:dns";
import { lookup as dnsLookup } from "node:dns";
import ipaddr from "ipaddr.js";
import { ProviderError } from "./errors";

/**
 * The outbound guard. Invariant: a request leaves only for an origin on the allowlist, or for an
 * `https` origin whose every resolved address is a public unicast address. IP literals are checked
 * here; host names are checked at connect time by `guardedLookup`, so a DNS answer that changes
 * between check and connect (rebinding) cannot slip past.
 * See docs/provider-client.md, "Sending".
 */

export type GuardPolicy = { allowedOrigins: readonly string[] };

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    // Mapped and embedded IPv4 forms are judged by the IPv4 address they carry.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.range() !== "unicast") return false;
  }
  return parsed.range() === "unicast";
}

/** Checks a URL before any request; returns whether it goes over the allowlist (no address check). */
export function checkUrl(url: URL, policy: GuardPolicy): { allowlisted: boolean } {
  if (url.username || url.password) throw new ProviderError("refused", { url: url.origin });
  if (policy.allowedOrigins.includes(url.origin)) return { allowlisted: true };
  if (url.protocol !== "https:") throw new ProviderError("refused", { url: url.origin });
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host) && !isPublicAddress(host)) throw new ProviderError("refused", { url: url.origin });
  if (host === "localhost" || host.endsWith(".localhost")) throw new ProviderError("refused", { url: url.origin });
  return { allowlisted: false };
}

export class RefusedAddressError extends Error {
  readonly code = "E_ARGE_REFUSED_ADDRESS";
  constructor(readonly hostname: string) {
    super(`address of ${hostname} refused by the outbound guard`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that refuses any non-public address. */
export function guardedLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "");
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
      return callback(new RefusedAddressError(hostname) as unknown as NodeJS.ErrnoException, "");
    }
    if ((options as LookupAllOptions).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
