// The browser the end-to-end tests drive, found before anything is built: Debian's Chromium
// (playwright.config.ts prefers it), else Playwright's own Chromium, installed here when missing.
// Where neither is there nor can be fetched, the run stops at once with one line saying what to do.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";

async function playwrightChromium() {
  const { chromium } = await import("@playwright/test");
  const file = chromium.executablePath();
  return existsSync(file) ? file : undefined;
}

/** A stage body for tests/run.mjs: `{ok}` once a browser is there. */
export async function ensureBrowser() {
  const none = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(SYSTEM_CHROMIUM)) {
    console.log(`Chromium: ${SYSTEM_CHROMIUM}`);
    return { ok: true, ...none };
  }
  const own = await playwrightChromium();
  if (own) {
    console.log(`Chromium: ${own} (Playwright's)`);
    return { ok: true, ...none };
  }
  console.log("No Chromium found: installing Playwright's (npx playwright install chromium) …");
  const installed = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" }).status === 0;
  if (installed && (await playwrightChromium())) return { ok: true, ...none };
  console.log(
    "Kein Browser für die End-to-End-Tests / no browser for the end-to-end tests: install Debian's Chromium (apt-get install chromium) or run `npx playwright install chromium` where it can download.",
  );
  return { ok: false, ...none };
}
