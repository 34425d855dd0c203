import { freePort, startServer } from "../support/server";

/**
 * One app server (with the sandbox provider) for the end-to-end run; tests find it through the
 * environment. Its e-mail goes to its own sandbox mailbox, as in the demo (the hand-off specs).
 */
export default async function globalSetup() {
  // Its e-mail goes to its own sandbox mailbox, as in the demo: the port is chosen before it starts.
  const smtpPort = await freePort();
  const server = await startServer({
    sandbox: true,
    env: { SANDBOX_SMTP_PORT: String(smtpPort), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>" },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SANDBOX_TOKEN = server.env.SANDBOX_ADMIN_TOKEN;
  process.env.E2E_SMTP_PORT = server.env.SANDBOX_SMTP_PORT;
  return async () => {
    await server.stop();
  };
}
