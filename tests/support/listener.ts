/** A bare TCP listener that counts connections: proof that nothing reached it. */
import { createServer, type Server } from "node:net";

export type Listener = { port: number; host: string; connections: () => number; close: () => Promise<void> };

export async function startListener(host = "127.0.0.1"): Promise<Listener> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\n\r\n{"count":1}');
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  return {
    port: (server.address() as { port: number }).port,
    host,
    connections: () => count,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
