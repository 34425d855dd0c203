import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { addressGroup } from "@/lib/auth/address-group";
import { ACCOUNT_LIMITS, ADDRESS_LIMITS, waitSeconds } from "@/lib/auth/throttle-limits";

describe("address groups (lib/auth/address-group.ts)", () => {
  test("an IPv6 address counts as its /64, whatever the host half and however it is written", () => {
    assert.equal(addressGroup("2001:db8:1:2::5"), "2001:db8:1:2::/64");
    assert.equal(addressGroup("2001:0DB8:0001:0002:ffff:1:2:3"), "2001:db8:1:2::/64");
    assert.equal(addressGroup(" 2001:db8:1:2:a:b:c:d "), "2001:db8:1:2::/64");
    assert.notEqual(addressGroup("2001:db8:1:3::5"), addressGroup("2001:db8:1:2::5"));
    assert.equal(addressGroup("::1"), "::/64");
    assert.equal(addressGroup("fe80::1%eth0"), "fe80::/64");
  });

  test("an IPv4-mapped IPv6 address counts as the IPv4 address; IPv4 as itself", () => {
    assert.equal(addressGroup("::ffff:192.0.2.7"), "192.0.2.7");
    assert.equal(addressGroup("::FFFF:c000:207"), "192.0.2.7");
    assert.equal(addressGroup("0:0:0:0:0:ffff:192.0.2.7"), "192.0.2.7");
    assert.equal(addressGroup("192.0.2.7"), "192.0.2.7");
    assert.notEqual(addressGroup("192.0.2.8"), addressGroup("192.0.2.7"));
  });

  test("an IPv4-compatible form (::a.b.c.d) is not taken for the IPv4 address; a non-address counts as written", () => {
    assert.equal(addressGroup("::192.0.2.7"), "::/64");
    assert.equal(addressGroup("Unknown"), "unknown");
    assert.equal(addressGroup("x".repeat(500)).length, 100);
  });
});

describe("throttle limits (lib/auth/throttle-limits.ts)", () => {
  const minutes = (m: number) => m * 60;
  const ages = (count: number, ageSeconds: number) => Array.from({ length: count }, () => ageSeconds);

  test("fewer than 10 attempts in 15 minutes: no wait; the 10th makes the next wait until it is 15 minutes old", () => {
    assert.equal(waitSeconds(ages(9, 10), ACCOUNT_LIMITS), 0);
    assert.equal(waitSeconds([...ages(9, 10), minutes(5)], ACCOUNT_LIMITS), minutes(10));
    assert.equal(waitSeconds(ages(10, minutes(15)), ACCOUNT_LIMITS), 0, "older than the window: no longer counted");
    assert.deepEqual(ADDRESS_LIMITS, [{ attempts: 10, minutes: 15 }]);
  });

  test("the waits grow: up to an hour after 20 attempts in an hour, up to a day after 40 in a day", () => {
    const hour = [...ages(10, minutes(20)), ...ages(10, minutes(30))];
    assert.equal(waitSeconds(hour, ACCOUNT_LIMITS), minutes(30));
    assert.equal(waitSeconds(hour, ADDRESS_LIMITS), 0, "an address has only the 15-minute limit");
    const day = [...ages(20, minutes(70)), ...ages(20, minutes(600))];
    assert.equal(waitSeconds(day, ACCOUNT_LIMITS), minutes(24 * 60 - 600));
  });

  test("a wait is at least one second", () => {
    assert.equal(waitSeconds(ages(10, minutes(15) - 0.2), ACCOUNT_LIMITS), 1);
  });
});
