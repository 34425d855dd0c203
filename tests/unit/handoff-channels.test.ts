import "../support/unit-env";
import assert from "node:assert/strict";
import { test } from "node:test";
import type { HandoffUnit } from "@/lib/handoffs/channel";
import { channels } from "@/lib/handoffs/channels";
import { CHANNELS } from "@/lib/register/list";

/**
 * The hand-off's channels (lib/handoffs/channel.ts, issue #45): one per resident's channel, each named for it, and
 * what each says before a document's bytes are had. Post refuses as the run did before the channels: `portal.skip.post`
 * with the property, "–" without one; e-mail and the portal check everything once the bytes are archived.
 */

const unit = (property: string | null): HandoffUnit => ({
  id: "u",
  key: "k",
  label: null,
  property,
  recipient: "resident",
  tenancyId: "t",
  resident: {
    name: "Berta Brief",
    salutation: null,
    firstName: null,
    lastName: null,
    company: null,
    email: null,
    channel: "post",
  },
});

test("every resident's channel has its implementation, named for it", () => {
  assert.deepEqual(Object.keys(channels).sort(), [...CHANNELS].sort());
  for (const name of CHANNELS) assert.equal(channels[name].name, name);
});

test("post refuses before the bytes, naming the property whose letters to print; e-mail and the portal do not", async () => {
  assert.deepEqual(channels.post.refusal(unit("Haus Linde")), {
    key: "portal.skip.post",
    vars: { property: "Haus Linde" },
  });
  assert.deepEqual(channels.post.refusal(unit(null)), { key: "portal.skip.post", vars: { property: "–" } });
  assert.equal(channels.email.refusal(unit("Haus Linde")), undefined);
  assert.equal(channels.portal.refusal(unit("Haus Linde")), undefined);
  // Asked to hand on all the same, post skips with the same reason and touches nothing (no database is given).
  const ready = {
    connectionId: "c",
    documentid: "d",
    filename: "f.pdf",
    kd: "1",
    sha256: "h",
    billing: false,
    periodFrom: null,
    unitMsc: null,
    unit: unit("Haus Linde"),
  };
  assert.deepEqual(await channels.post.handOff(undefined as never, undefined as never, ready, false), {
    connectionId: "c",
    documentid: "d",
    state: "skipped",
    channel: "post",
    reason: { key: "portal.skip.post", vars: { property: "Haus Linde" } },
  });
});
