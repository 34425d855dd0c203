import { test as base, expect, type Page } from "@playwright/test";
import { ADMIN, freePort, startServer } from "../support/server";
import { api, mustSignIn } from "../support/session";

/** The server of this worker, as its `server` fixture started it. */
export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is set by the worker's server fixture");
  return url;
};

/** Creates a user through the API (as the admin) and returns its credentials. */
export async function seedUser(role: "admin" | "manager" | "support", name: string) {
  const admin = await mustSignIn(baseUrl(), ADMIN.email, ADMIN.password);
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "e2e-password-1";
  // A team of their own (issue #46), named by the address: seeded users keep apart unless a test joins them.
  const team = await api(admin, baseUrl(), "/api/teams", { method: "POST", json: { name: email } });
  if (team.status !== 201) throw new Error(`seeding ${role}'s team failed: ${team.status} ${team.text}`);
  const res = await api(admin, baseUrl(), "/api/users", {
    method: "POST",
    json: { email, name, role, password, teamId: team.body.id },
  });
  if (res.status !== 201) throw new Error(`seeding ${role} failed: ${res.status} ${res.text}`);
  return { email, password, name };
}

/** Signs the page's browser context in through the API, without the form. */
export async function signInAs(page: Page, email: string, password: string) {
  const session = await mustSignIn(baseUrl(), email, password);
  const [name, value] = session.cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseUrl(), httpOnly: true, sameSite: "Lax" }]);
}

/**
 * Each Playwright worker runs its own app server (with the sandbox provider, its own data and
 * database) before its first test, so workers never share state. Its e-mail goes to its own sandbox
 * mailbox, as in the demo (the hand-off specs). Helpers find it through the worker's environment.
 */
/**
 * The app's pages mark themselves hydrated (components/providers.tsx); a page without scripts, or one that runs nothing
 * of the app's own (the portal and the 404 page: `main[data-server-only]`), never will and need not.
 */
const hydrated = () =>
  document.documentElement.dataset.hydrated === "1" ||
  !document.querySelector('script[src*="/_next/"]') ||
  document.querySelector("main[data-server-only]") !== null;

/** Waits until the page listens, after a navigation the test did not start with goto (a form's, a link's). */
export const untilHydrated = (page: Page) =>
  page.waitForFunction(hydrated, null, { timeout: 30_000 }).catch(() => undefined);

export const test = base.extend<{ base: string }, { server: string }>({
  // After a navigation or a reload, input waits until React listens: on two busy cores a key pressed
  // or a button clicked before hydration was lost, and the test failed waiting for its effect.
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const settle = async <T>(answer: T) => {
      await page.waitForFunction(hydrated, null, { timeout: 30_000 }).catch(() => undefined);
      return answer;
    };
    page.goto = async (url, options) => settle(await goto(url, options));
    page.reload = async (options) => settle(await reload(options));
    await provide(page);
  },
  server: [
    async ({}, provide) => {
      const smtpPort = await freePort();
      const server = await startServer({
        sandbox: true,
        env: {
          SANDBOX_SMTP_PORT: String(smtpPort),
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        },
      });
      process.env.E2E_BASE_URL = server.url;
      process.env.E2E_SANDBOX_TOKEN = server.env.SANDBOX_ADMIN_TOKEN;
      process.env.E2E_SMTP_PORT = server.env.SANDBOX_SMTP_PORT;
      await provide(server.url);
      await server.stop();
    },
    { scope: "worker", auto: true, timeout: 180_000 },
  ],
  base: async ({ server }, provide) => provide(server),
});
export { expect };

/** The sandbox's client credentials, as its control API reports them. */
export async function sandboxClient(): Promise<{
  basic: { username: string; password: string };
  oauth: { clientId: string; clientSecret: string };
}> {
  const res = await fetch(`${baseUrl()}/sandbox/api/state`, {
    headers: { Authorization: `Bearer ${process.env.E2E_SANDBOX_TOKEN}` },
  });
  const state = (await res.json()) as {
    clients: { basic?: { username: string; password: string }; oauth?: { clientId: string; clientSecret: string } }[];
  };
  const client = state.clients.find((c) => c.basic && c.oauth);
  if (!client) throw new Error("the sandbox demo data has no client with Basic and OAuth");
  return client as Awaited<ReturnType<typeof sandboxClient>>;
}
