/**
 * The least a relay can do, for comparison with /data: a plain node:http server in its own process
 * that streams one provider URL through undici straight into its answer. Started by
 * proxy.bench.ts with the URL and Authorization header as arguments; prints its port on IPC.
 */
import { createServer } from "node:http";
import { pipeline } from "node:stream/promises";
import { Agent, request } from "undici";

const [target, authorization] = process.argv.slice(2) as [string, string];
const agent = new Agent({ keepAliveTimeout: 4000 });
const server = createServer((req, res) => {
  void request(target, { dispatcher: agent, headers: { authorization }, highWaterMark: 1024 * 1024 })
    .then(async (up) => {
      res.writeHead(up.statusCode, {
        "content-type": String(up.headers["content-type"] ?? "application/octet-stream"),
      });
      await pipeline(up.body, res);
    })
    .catch(() => res.destroy());
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as { port: number }).port }));
process.on("disconnect", () => process.exit(0));
