import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

// Debian's Chromium when installed (CI installs it); otherwise Playwright's own browser.
const systemChromium = "/usr/bin/chromium";
// Specs written for the phone only (reflow.spec.ts sets both widths itself and runs on the desktop).
const PHONE_ONLY = ["inbox-phone.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.ts",
  // Each worker starts its own server (tests/e2e/fixtures.ts): two or more run side by side.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  timeout: 60_000,
  // Two workers share two cores with their servers: an answer may take longer than Playwright's 5 s.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    locale: "de-DE",
    trace: "off",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-gpu",
      ],
    },
  },
  projects: [
    // A desktop (1440 px) runs every spec but the phone's own.
    {
      name: "chromium",
      testIgnore: PHONE_ONLY,
      use: { browserName: "chromium", viewport: { width: 1440, height: 900 } },
    },
    // A 390 px phone (touch, mobile viewport) runs the main flows again: inbox, viewer, users, teams and the outbox.
    // The delivery pages at 390 px: reflow.spec.ts and inbox-edges.spec.ts (delivery.spec.ts fills
    // filters that a phone folds away).
    {
      name: "phone",
      testMatch: [
        ...PHONE_ONLY,
        "inbox-edges.spec.ts",
        "inbox-where.spec.ts",
        "viewer.spec.ts",
        "users.spec.ts",
        "teams.spec.ts",
        "outbox.spec.ts",
        "units.spec.ts",
        "units-hold.spec.ts",
        "unit-replies.spec.ts",
        "month-round.spec.ts",
        "handoffs-posted.spec.ts",
        "responsibility.spec.ts",
      ],
      use: { browserName: "chromium", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
});
