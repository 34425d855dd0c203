import { OSR_BASE } from "@/lib/sandbox/osr/answers";
import { serveOsr } from "@/lib/sandbox/osr/serve";
import { serveProvider } from "@/lib/sandbox/pipeline";

// The sandbox's on-site-roles v2 service (docs/sandbox.md, "Where it answers"); 404 everywhere when SANDBOX is off.
export const dynamic = "force-dynamic";

const handle = (req: Request) => serveProvider(req, "osr", OSR_BASE, serveOsr);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
