import { randomUUID } from "node:crypto";
import { ADMIN } from "../support/server";
import { api, mustSignIn } from "../support/session";
import { baseUrl, expect, signInAs, test } from "./fixtures";
import { expectAccessible, expectNoSidewaysScroll } from "./inbox-support";

/**
 * Issue #46, four eyes on the page "Freigaben" (/releases), at 1440 and 390 px with axe: a manager's hand-off waits
 * as an open release; on their own page it says it waits for a second person and offers no button; their teammate
 * releases it by keyboard, the status says so, and the release moves to the recent ones with who released it. The
 * teammate then raises the team's threshold (a refused number is named at its field) and turns four eyes off.
 */

/** Two managers in one new team with four eyes on, made by the admin and the first of them through the API. */
async function teamWithFourEyes(tag: string) {
  const admin = await mustSignIn(baseUrl(), ADMIN.email, ADMIN.password);
  const team = await api(admin, baseUrl(), "/api/teams", { method: "POST", json: { name: `Vier Augen ${tag}` } });
  expect(team.status).toBe(201);
  const made: { email: string; password: string; name: string }[] = [];
  for (const name of ["Rita Requester", "Frank Freigeber"]) {
    const email = `r-${tag}-${made.length}@example.com`;
    const password = "e2e-password-1";
    const res = await api(admin, baseUrl(), "/api/users", {
      method: "POST",
      json: { email, name, role: "manager", password, teamId: team.body.id },
    });
    expect(res.status).toBe(201);
    made.push({ email, password, name });
  }
  const first = await mustSignIn(baseUrl(), made[0]!.email, made[0]!.password);
  const on = await api(first, baseUrl(), `/api/teams/${team.body.id}`, {
    method: "PATCH",
    json: { fourEyes: { enabled: true, minDocuments: 5 } },
  });
  expect(on.status).toBe(200);
  return { asker: made[0]!, approver: made[1]!, session: first };
}

for (const width of [1440, 390]) {
  test(`at ${width} px: a hand-off waits for a second person, who releases it on "Freigaben"`, async ({
    page,
    base,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { asker, approver, session } = await teamWithFourEyes(`${width}-${Date.now()}`);
    // A document no connection of the team holds: the request waits all the same, and its run skips it.
    const asked = await api(session, base, "/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: randomUUID(), documentid: "e2e-release-1" }] },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.release.state).toBe("open");

    await signInAs(page, asker.email, asker.password);
    await page.goto(`${base}/releases`);
    await expect(page.getByRole("heading", { level: 1, name: "Freigaben" })).toBeVisible();
    const open = page.getByRole("region", { name: "Offene Anfragen" });
    const own = open.getByTestId("release");
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Weitergabe an Bewohner");
    await expect(own).toContainText("Wartet auf Freigabe");
    await expect(own).toContainText("Ihre Anfrage wartet auf eine zweite Person");
    await expect(own.getByRole("button")).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    await page.context().clearCookies();
    await signInAs(page, approver.email, approver.password);
    await page.goto(`${base}/releases`);
    const card = page.getByRole("region", { name: "Offene Anfragen" }).getByTestId("release");
    await expect(card).toContainText("Angefragt von Rita Requester");
    await expect(card).toContainText("1 Dokumente, 0 Einheiten, 0 Bewohner");
    const release = card.getByRole("button", { name: "Weitergabe an Bewohner von Rita Requester freigeben" });
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`releases-${width}.png`), fullPage: true });
    await release.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Freigegeben. Die Arbeit läuft." })).toBeVisible();
    await expect(page.getByRole("region", { name: "Offene Anfragen" })).toContainText("Keine offenen Anfragen.");
    const recent = page.getByRole("region", { name: "Zuletzt" }).getByTestId("release");
    await expect(recent).toContainText("Freigegeben von Frank Freigeber");
    await expectAccessible(page);

    // The team's setting in words, changed by the teammate: a higher threshold, then off.
    const fourEyes = page.getByRole("region", { name: "Vier-Augen-Prinzip" });
    const state = fourEyes.getByTestId("four-eyes-state");
    await expect(state).toContainText("Sammelbestätigungen von mehr als 5 Dokumenten");
    const threshold = fourEyes.getByLabel("Freigabe für Sammelbestätigungen von mehr als (Dokumente)");
    await threshold.fill("0");
    await fourEyes.getByRole("button", { name: "Einstellung speichern" }).click();
    await expect(threshold).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await threshold.fill("30");
    await threshold.press("Enter");
    await expect(fourEyes.getByRole("status")).toHaveText("Gespeichert. Das Vier-Augen-Prinzip gilt ab sofort.");
    await expect(state).toContainText("mehr als 30 Dokumenten");
    await fourEyes.getByLabel("Vier-Augen-Prinzip für das Team einschalten").uncheck();
    await fourEyes.getByRole("button", { name: "Einstellung speichern" }).click();
    await expect(state).toHaveText("Ausgeschaltet: Sammelbestätigungen, Weitergaben und Drucke laufen sofort.");
    await expectNoSidewaysScroll(page);
  });
}
