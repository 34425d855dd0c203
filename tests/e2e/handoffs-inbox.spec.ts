import { randomBytes } from "node:crypto";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, sandbox, setDocuments, shot, uviDoc } from "./inbox-support";
import { syncButton } from "./shell-support";

/**
 * Issue 24 in the inbox, on a phone (390 px), in German: a unit's documents say they are not handed
 * on (and can be before they are archived: the hand-off archives them, issue #35), a selection of them goes to the resident
 * as a run whose progress and outcome the page finds again after a reload, the rows then say
 * "Weitergegeben per E-Mail", the sandbox mailbox holds each mail once, and sending one again is an
 * explicit choice in the question before it. A run can be cancelled while it goes on: the panel says so, and
 * how many documents were not handed on because of it.
 */

test.afterAll(async () => {
  await sandbox("DELETE", "/faults");
});

type Mail = { to: string[]; subject: string; attachments: { filename: string }[] };
const mailsTo = async (address: string) =>
  ((await (await sandbox("GET", "/mail")).json()) as Mail[]).filter((m) => m.to.includes(address));

test("German at 390 px: a unit's selected documents go to the resident, the run is found again after a reload, and sending again is asked", async ({
  page,
  base,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = randomBytes(3).toString("hex");
  const unit = `78${String(parseInt(tag, 16) % 10_000).padStart(4, "0")}`;
  const email = `bewohner-${tag}@example.de`;
  const ids = ["a", "b", "c"].map((x) => `hr-${tag}-${x}`);
  await setDocuments((customer) => ids.map((id, i) => uviDoc(id, unit, `2026-0${7 + i}`, customer)));
  const manager = await seedUser("manager", "Hanna Weitergabe");
  await signInAs(page, manager.email, manager.password);
  const csv = `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung\n${unit};Haus Ahorn;Dachgeschoss ${tag};Rita Ruf;${email};E-Mail;01.03.2026 Formular\n`;
  const put = await page.request.put(`${base}/api/units`, { data: csv, headers: { "content-type": "text/csv" } });
  expect(put.status(), await put.text()).toBe(200);
  await addConnection(page, "Messdienst Ahorn");
  await page.goto(`${base}/documents`);
  await (await syncButton(page, "Messdienst Ahorn")).click();
  await expect(page.getByTestId("sync-done")).toBeVisible({ timeout: 30_000 });

  // Not archived yet: the action is there all the same (the hand-off archives what it needs), and nothing says otherwise.
  const group = page.getByRole("region", { name: `Dachgeschoss ${tag}` });
  await expect(group.getByRole("row").filter({ hasText: "Nicht weitergegeben" })).toHaveCount(3);
  const first = group.getByRole("button", { name: `An Bewohner weitergeben: UVI_${ids[0]}.pdf` });
  await expect(first).toBeEnabled();
  await expect(first).not.toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Erst nach dem Archivieren")).toHaveCount(0);

  // Confirmed: the rows stay in this view with their unit's hand-off; the list then shows every state (its address).
  await group.getByRole("button", { name: /^Alle offenen bestätigen \(3\)/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "3 Dokumente bestätigen" }).click();
  await expect(page.getByTestId("confirm-run").getByRole("status")).toContainText("Fertig: 3 bestätigt", {
    timeout: 30_000,
  });
  await expect(group.getByRole("button", { name: /^An Bewohner weitergeben \(3\)/ })).toBeVisible();
  await page.getByTestId("confirm-run").getByRole("button", { name: "Schließen" }).click();
  await page.goto(`${base}/documents?state=all`);
  await expect(group.getByRole("button", { name: /^An Bewohner weitergeben \(3\)/ })).toBeVisible();

  // The first mail goes out; the others wait at the mailbox until the page was reloaded: the run is still under way.
  await sandbox("PUT", "/faults", [
    { smtp: "DATA", address: email, hold: "first", times: 1 },
    { smtp: "DATA", address: email, hold: "rest", times: 2 },
  ]);
  await sandbox("DELETE", "/holds/first");
  for (const id of ids) await group.getByRole("checkbox", { name: `UVI_${id}.pdf auswählen` }).check();
  await page.getByRole("button", { name: "Auswahl weitergeben (3)" }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText("Jedes Dokument geht an den Bewohner, der im Zeitraum des Dokuments dort wohnte");
  await expectAccessible(page);
  await ask.getByRole("button", { name: "Weitergeben" }).click();

  const run = page.getByTestId("handoff-run");
  await expect(run.getByRole("heading", { name: "Weitergabe an Bewohner" })).toBeFocused();
  await expect(run.getByTestId("handoff-outcome").first()).toContainText("Gesendet", { timeout: 30_000 });
  await page.reload();
  await expect(run.getByRole("progressbar", { name: "Fortschritt der Weitergabe" })).toBeVisible();
  await expect(run).toContainText(/[0-3] von 3/);
  await run.scrollIntoViewIfNeeded();
  await shot(page, "de-handoff-found-390");
  await sandbox("DELETE", "/holds/rest");
  await expect(run.getByRole("status")).toHaveText("Gesendet: 3, fehlgeschlagen: 0, übersprungen: 0.", {
    timeout: 30_000,
  });
  await expect(run.getByTestId("handoff-outcome")).toHaveCount(3);
  await expect(group.getByRole("row").filter({ hasText: /Weitergegeben per E-Mail \d\d\.\d\d\./ })).toHaveCount(3);
  expect((await mailsTo(email)).map((m) => m.attachments[0]?.filename).sort()).toEqual(
    ids.map((id) => `UVI_${id}.pdf`),
  );
  await expectAccessible(page);
  await shot(page, "de-handoff-done-390");
  await run.getByRole("button", { name: "Schließen" }).click();

  // Once more, only as an explicit choice.
  await group.getByRole("button", { name: `An Bewohner weitergeben: UVI_${ids[0]}.pdf` }).click();
  await expect(ask).toContainText("Schon weitergegeben: 1.");
  await expect(ask.getByRole("button", { name: "Weitergeben" })).toBeVisible();
  await ask.getByRole("checkbox", { name: /^Erneut senden/ }).check();
  await expect(ask).toContainText("Die Bewohner erhalten diese Dokumente dann ein weiteres Mal.");
  await expectAccessible(page);
  await shot(page, "de-handoff-again-390");
  await ask.getByRole("button", { name: "Erneut senden" }).click();
  await expect(run.getByRole("status")).toHaveText("Gesendet: 1, fehlgeschlagen: 0, übersprungen: 0.", {
    timeout: 30_000,
  });
  expect(await mailsTo(email)).toHaveLength(4);

  // Cancelled while the first mail waits at the mailbox: that one goes out, the others do not.
  await run.getByRole("button", { name: "Schließen" }).click();
  await sandbox("PUT", "/faults", [{ smtp: "DATA", address: email, hold: "mail", times: 3 }]);
  for (const id of ids) await group.getByRole("checkbox", { name: `UVI_${id}.pdf auswählen` }).check();
  await page.getByRole("button", { name: "Auswahl weitergeben (3)" }).click();
  await ask.getByRole("checkbox", { name: /^Erneut senden/ }).check();
  await ask.getByRole("button", { name: "Erneut senden" }).click();
  await run.getByRole("button", { name: "Weitergabe abbrechen" }).click();
  await expect(run.getByRole("status")).toContainText("Abbruch angefordert …");
  await expect(run.getByRole("heading", { name: "Weitergabe an Bewohner" })).toBeFocused();
  await expect(run.getByRole("button", { name: "Weitergabe abbrechen" })).toHaveCount(0);
  await shot(page, "de-handoff-cancelling-390");
  await sandbox("DELETE", "/holds/mail");
  const ended = run.getByRole("status");
  await expect(ended).toContainText(/Abgebrochen: [1-3] wegen des Abbruchs nicht weitergegeben\./, { timeout: 30_000 });
  const left = Number(/Abgebrochen: (\d)/.exec((await ended.textContent()) ?? "")?.[1]);
  await expect(run.getByTestId("handoff-outcome")).toHaveCount(3 - left);
  expect(await mailsTo(email)).toHaveLength(4 + 3 - left);
  await expectAccessible(page);
  await shot(page, "de-handoff-cancelled-390");
});
