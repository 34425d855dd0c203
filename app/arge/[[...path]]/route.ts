import { serveProvider } from "@/lib/sandbox/pipeline";
import { serveUvi, UVI_BASE } from "@/lib/sandbox/uvi";

// The sandbox's UVI PDF service (docs/sandbox.md, "Where it answers"); 404 everywhere when SANDBOX is off.
export const dynamic = "force-dynamic";

const handle = (req: Request) => serveProvider(req, "uvi", UVI_BASE, serveUvi);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
