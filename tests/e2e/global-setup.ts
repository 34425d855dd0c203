import { startServer } from "../support/server";

/** One app server (with the sandbox provider) for the end-to-end run; tests find it through the environment. */
export default async function globalSetup() {
  const server = await startServer({ sandbox: true });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SANDBOX_TOKEN = server.env.SANDBOX_ADMIN_TOKEN;
  process.env.E2E_SMTP_PORT = server.env.SANDBOX_SMTP_PORT;
  return async () => {
    await server.stop();
  };
}
