import { serveControl } from "@/lib/sandbox/control";

// The sandbox's control API (docs/sandbox.md, "The control API"); 404 when SANDBOX is off, 401 without the admin token.
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ path?: string[] }> };
const handle = async (req: Request, { params }: Params) => serveControl(req, (await params).path ?? []);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
