import http from "node:http";
import type { AddressInfo } from "node:net";

// What every loopback fake of a provider shares: a server on 127.0.0.1 at a free port, closed
// without waiting for hanging requests, and JSON answers.

export type Loopback = { origin: string; close(): Promise<void> };

export async function listenOnLoopback(server: http.Server): Promise<Loopback> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // a request a fake leaves hanging would otherwise keep close() waiting
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
