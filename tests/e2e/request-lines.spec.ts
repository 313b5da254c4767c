import net from "node:net";
import { expect, test } from "./fixtures";

// Requests fetch would refuse to send, written straight to the socket: each is answered with a JSON
// 4xx in the error envelope (scripts/server.cjs), never Next's plain-text 500 or an empty 400.
type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** A chunked body's data: each chunk is its size in hex, CRLF, the data, CRLF; a zero size ends it. */
function unchunk(body: string): string {
  let data = "";
  for (let rest = body; ;) {
    const size = parseInt(rest, 16);
    if (!size) return data;
    const start = rest.indexOf("\r\n") + 2;
    data += rest.slice(start, start + size);
    rest = rest.slice(start + size + 2);
  }
}

function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request, "latin1"));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const body = rest.join("\r\n\r\n");
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: headers["transfer-encoding"] === "chunked" ? unchunk(body) : body,
      });
    });
  });
}

const line = (method: string, target: string, extra = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`;

function expectEnvelope(answer: RawAnswer, status: number, label: string) {
  expect(answer.status, label).toBe(status);
  expect(answer.headers["content-type"], label).toContain("application/json");
  expect(JSON.parse(answer.body).error.code, label).toBeTruthy();
}

test("malformed percent-encoding in a path or query answers a JSON 400", async ({ appServer }) => {
  for (const target of [
    "/api/files/ab%FF",
    "/api/referral/check-code/ab%C0%AF",
    "/api/zz/ab%",
    "/api/health?x=%zz",
    "/tariff%E0%A4%A",
  ]) {
    const answer = await sendRaw(appServer.port, line("GET", target));
    expectEnvelope(answer, 400, target);
    expect(answer.headers["x-request-id"], target).toBeTruthy();
  }
});

test("a method no route serves answers 405 with the route's Allow; CONNECT and a made-up one too", async ({
  appServer,
}) => {
  const trace = await sendRaw(appServer.port, line("TRACE", "/api/health"));
  expectEnvelope(trace, 405, "TRACE");
  expect(trace.headers.allow).toBe("GET, HEAD, OPTIONS");
  expectEnvelope(await sendRaw(appServer.port, line("PROPFIND", "/api/referral/check-code/ABC")), 405, "PROPFIND");
  expectEnvelope(
    await sendRaw(appServer.port, "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n"),
    405,
    "CONNECT",
  );
  // Node's parser knows no FOO: the request never parses.
  expectEnvelope(await sendRaw(appServer.port, line("FOO", "/api/health")), 400, "FOO");
});

test("a method the path's route file does not export answers 405 with that route's Allow", async ({ appServer }) => {
  const put = await sendRaw(appServer.port, line("PUT", "/api/health"));
  expectEnvelope(put, 405, "PUT /api/health");
  expect(put.headers.allow).toBe("GET, HEAD, OPTIONS");
  const get = await sendRaw(appServer.port, line("GET", "/api/tariff/create"));
  expectEnvelope(get, 405, "GET /api/tariff/create");
  expect(get.headers.allow).toBe("OPTIONS, POST");
  const channel = await sendRaw(appServer.port, line("PUT", "/api/admin/channels/7"));
  expectEnvelope(channel, 405, "PUT /api/admin/channels/7");
  expect(channel.headers.allow).toBe("DELETE, OPTIONS, PATCH");
  // HEAD answers no body; the status and Allow are there all the same.
  const head = await sendRaw(appServer.port, line("HEAD", "/api/tariff/create"));
  expect(head.status).toBe(405);
  expect(head.headers.allow).toBe("OPTIONS, POST");
  // What a route serves, and any method on a path no route serves, go on to Next as before.
  expect((await sendRaw(appServer.port, line("OPTIONS", "/api/health"))).status).toBe(204);
  expectEnvelope(await sendRaw(appServer.port, line("PUT", "/api/no/such/call")), 404, "PUT /api/no/such/call");
});

test("headers that do not parse answer a JSON 400", async ({ appServer }) => {
  expectEnvelope(
    await sendRaw(appServer.port, line("GET", "/api/health", "Bad Header: y\r\n")),
    400,
    "space in a name",
  );
  expectEnvelope(
    await sendRaw(appServer.port, line("GET", "/api/health", "X-A: b\u0001c\r\n")),
    400,
    "control character",
  );
  expectEnvelope(
    await sendRaw(appServer.port, line("GET", "/api/health", "Content-Length: 1\r\nContent-Length: 2\r\n")),
    400,
    "two lengths",
  );
});

test("a multipart upload without a boundary answers 415, one with another boundary 400", async ({
  request,
  appServer,
}) => {
  const { initData } = await (await request.get("/api/demo/init-data")).json();
  const { jwtToken } = await (await request.post("/api/auth/telegram-login", { data: { initData } })).json();
  const body = '--x\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhi\r\n--x--\r\n';
  const upload = (contentType: string) =>
    sendRaw(
      appServer.port,
      line(
        "POST",
        "/api/video/generate",
        `Authorization: Bearer ${jwtToken}\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n`,
      ) + body,
    );
  expectEnvelope(await upload("multipart/form-data"), 415, "no boundary");
  const other = await upload("multipart/form-data; boundary=zzz");
  expect(other.status).toBeGreaterThanOrEqual(400);
  expect(other.status).toBeLessThan(500);
});
