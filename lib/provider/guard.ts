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

export type GuardPolicy = {
  allowedOrigins: readonly string[];
  /** Origins allowed only below these paths (the sandbox's own service paths while SANDBOX=1). */
  allowedPaths?: { origins: readonly string[]; prefixes: readonly string[] };
};

function isUnderPrefix(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // ipaddr.js reads any dotted IPv6 form as IPv4-mapped; only `::ffff:a.b.c.d` really is.
  if (address.includes(":") && address.includes(".") && !/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6") {
    const v6 = parsed as ipaddr.IPv6;
    // Mapped IPv4 forms are judged by the IPv4 address they carry; IPv4-compatible ones (::/96,
    // deprecated, e.g. ::127.0.0.1) are refused outright.
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.match(ipaddr.IPv6.parse("::"), 96)) return false;
    else if (v6.range() !== "unicast") return false;
  }
  return parsed.range() === "unicast";
}

/** Checks a URL before any request; returns whether it goes over the allowlist (no address check). */
export function checkUrl(url: URL, policy: GuardPolicy): { allowlisted: boolean } {
  if (url.username || url.password) throw new ProviderError("refused", { url: url.origin });
  if (policy.allowedOrigins.includes(url.origin)) return { allowlisted: true };
  const paths = policy.allowedPaths;
  if (paths?.origins.includes(url.origin) && isUnderPrefix(url.pathname, paths.prefixes)) return { allowlisted: true };
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
export function guardedLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
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
