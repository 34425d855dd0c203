import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, seedUser, signInAs, test } from "./fixtures";
import { addConnection, expectAccessible, setDocuments, uviDoc } from "./inbox-support";

/**
 * Issue #50, runs and words, in German at 1440 px and at 390 px: a run's panel belongs to the page that started it (the
 * inbox's is not on the month page, the month page's of October is not on September's nor in the inbox), names each
 * document by its file after a reload (also one the page no longer lists), and once closed stays closed. The viewer
 * offers "Weitergeben" once its document is confirmed. The shortcuts' button is there from `md` (a keyboard) only; the
 * hand-off table's caption spans the phone's width. Axe finds nothing serious.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Two October documents of one unit whose resident takes e-mail, synced into a new manager's inbox. */
async function setUp(page: Page, base: string) {
  const tag = randomBytes(3).toString("hex");
  const unit = `79${String(parseInt(tag, 16) % 10_000).padStart(4, "0")}`;
  const ids = ["a", "b"].map((x) => `rp-${tag}-${x}`);
  await setDocuments((customer) => ids.map((id) => uviDoc(id, unit, "2026-10", customer)));
  const manager = await seedUser("manager", "Rita Runde");
  await signInAs(page, manager.email, manager.password);
  const csv = `Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung\n${unit};Haus Birke;Lage ${tag};Rolf Rand;rolf-${tag}@example.de;E-Mail;01.03.2026 Formular\n`;
  const put = await page.request.put(`${base}/api/units`, { data: csv, headers: { "content-type": "text/csv" } });
  expect(put.status(), await put.text()).toBe(200);
  const connectionId = await addConnection(page, "Messdienst Birke");
  expect((await page.request.post(`${base}/api/connections/${connectionId}/sync`)).status()).toBe(200);
  return { tag, ids, connectionId, file: (id: string) => `UVI_${id}.pdf` };
}

const monthHeading = (page: Page) => page.getByRole("heading", { name: "Monatsübersicht", level: 1 });

for (const size of SIZES) {
  test(`German at ${size.width} px: a run's panel stays on its page, names its files after a reload, and closes`, async ({
    page,
    base,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    const w = await setUp(page, base);
    // Confirmed (so archived) through the API: they leave the inbox's open view.
    for (const id of w.ids) {
      const res = await page.request.put(`${base}/api/connections/${w.connectionId}/documents/${id}/status`, {
        data: {},
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await page.goto(`${base}/documents?state=all`);
    const group = page.getByRole("region", { name: `Lage ${w.tag}` });
    await group.getByRole("button", { name: /^An Bewohner weitergeben \(2\)/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Weitergeben" }).click();
    const run = page.getByTestId("handoff-run");
    await expect(run.getByRole("status")).toHaveText("Gesendet: 2, fehlgeschlagen: 0, übersprungen: 0.", {
      timeout: 30_000,
    });

    // Reloaded on the open view, which lists neither document: the run names them by their files all the same.
    await page.goto(`${base}/documents`);
    await expect(run.getByRole("status")).toHaveText("Gesendet: 2, fehlgeschlagen: 0, übersprungen: 0.");
    await expect(run.getByTestId("handoff-outcome")).toHaveCount(2);
    for (const id of w.ids)
      await expect(run.getByTestId("handoff-outcome").filter({ hasText: w.file(id) })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Tastenkürzel" })).toBeVisible({ visible: size.width >= 768 });
    await expectAccessible(page);

    // Not carried to another page.
    await page.goto(`${base}/month`);
    await expect(monthHeading(page)).toBeVisible();
    await expect(page.getByText("Haus Birke").filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByTestId("handoff-run")).toHaveCount(0);
    await expect(page.getByTestId("confirm-run")).toHaveCount(0);

    // Back on its page it is there until it is closed; closed, a reload does not bring it back.
    await page.goto(`${base}/documents`);
    await run.getByRole("button", { name: "Schließen" }).click();
    await expect(run).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: `Lage ${w.tag}` })).toHaveCount(0);
    await expect(run).toHaveCount(0);

    // A run of the month page of October: on that page, not on September's, not in the inbox.
    const res = await page.request.post(`${base}/api/handoffs`, {
      data: {
        documents: [{ connectionId: w.connectionId, documentid: w.ids[0] }],
        again: true,
        scope: "month:2026-10",
      },
    });
    expect(await res.text()).toContain('"state":"sent"');
    await page.goto(`${base}/month?month=2026-10`);
    await expect(monthHeading(page)).toBeVisible();
    await expect(run.getByTestId("handoff-outcome")).toHaveText([new RegExp(`^${w.file(w.ids[0]!)}`)]);
    await expectAccessible(page);
    await page.goto(`${base}/documents`);
    await expect(page.getByRole("heading", { name: "Posteingang", level: 1 })).toBeVisible();
    await expect(run).toHaveCount(0);

    // The hand-off table's caption is one line wide, not a word a line (a table of cards on the phone).
    await page.goto(`${base}/handoffs?property=${encodeURIComponent("Haus Birke")}&month=2026-10`);
    const caption = page.locator("caption").filter({ hasText: "Haus Birke, Oktober 2026: 1 Nutzeinheiten" });
    await expect(caption).toBeVisible();
    const box = (await caption.boundingBox())!;
    expect(box.width, "the caption spans the table").toBeGreaterThan(Math.min(size.width, 1000) / 2);
    expect(box.height, "the caption wraps at most once").toBeLessThan(60);
  });

  test(`German at ${size.width} px: the viewer offers "Weitergeben" once its document is confirmed`, async ({
    page,
    base,
  }) => {
    test.slow();
    await page.setViewportSize(size);
    const w = await setUp(page, base);
    await page.goto(`${base}/documents`);
    const openDocument = () => page.getByRole("button", { name: w.file(w.ids[0]!), exact: true }).click();
    await openDocument();
    const pane = page.getByTestId("document-pane");
    await expect(pane.getByRole("button", { name: "Bestätigen", exact: true })).toBeVisible();
    await expect(pane.getByRole("button", { name: "Weitergeben" }), "open: the question offers both").toHaveCount(0);
    await pane.getByRole("button", { name: "Bestätigen", exact: true }).click();
    // The question names the file, which may wrap only after its separators (UVI_ / rp- / …), never inside a part.
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText(`den Empfang von ${w.file(w.ids[0]!)}.`);
    await expect(question.locator("wbr")).toHaveCount(w.file(w.ids[0]!).split(/(?<=[_\-.])/).length - 1);
    await question.getByRole("button", { name: "Empfang bestätigen" }).click();
    await expect(page.getByTestId("confirm-run").getByRole("status")).toContainText("Fertig: 1 bestätigt", {
      timeout: 30_000,
    });
    // On a phone the run's panel took the screen from the viewer: the document is opened again.
    if (!(await pane.isVisible())) await openDocument();
    await pane.getByRole("button", { name: "Weitergeben" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Weitergeben" }).click();
    await expect(page.getByTestId("handoff-run").getByRole("status")).toHaveText(
      "Gesendet: 1, fehlgeschlagen: 0, übersprungen: 0.",
      { timeout: 30_000 },
    );
    await expectAccessible(page);
  });
}
