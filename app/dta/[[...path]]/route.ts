import { serveDta } from "@/lib/sandbox/dta";
import { serveProvider } from "@/lib/sandbox/pipeline";

// The sandbox's DTA service (docs/sandbox.md, "Where it answers"); 404 everywhere when SANDBOX is off.
export const dynamic = "force-dynamic";

const handle = (req: Request) => serveProvider(req, "dta", "/dta", serveDta);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
