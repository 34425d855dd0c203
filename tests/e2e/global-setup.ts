import { startServer } from "../support/server";

/** One app server for the end-to-end run; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  const server = await startServer({ sandbox: true });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
