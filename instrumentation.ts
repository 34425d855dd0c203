export async function register() {
  // Next.js sets NEXT_RUNTIME itself; this is the one place that must read it before lib/env loads.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./lib/startup");
    await startServer();
  }
}
