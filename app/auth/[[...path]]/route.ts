import { REALM_PATH } from "@/lib/sandbox/auth";
import { serveAuth } from "@/lib/sandbox/oidc";
import { serveProvider } from "@/lib/sandbox/pipeline";

// The sandbox's identity provider (OpenID Connect discovery, token, JWKS); 404 when SANDBOX is off.
export const dynamic = "force-dynamic";

const handle = (req: Request) => serveProvider(req, "auth", REALM_PATH, serveAuth);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
