import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import { resolve } from "node:path";

/**
 * HTTPS with HTTP/2 in front of a local app, as Cloudflare's edge serves it in production: one connection per origin
 * carrying every request at once. workerd serves plain HTTP/1.1 locally, and a browser (and Lighthouse's simulation of
 * it) then opens up to six connections, each with its own handshake and slow start, so a page that asks for several
 * things at once pays for connections no visitor pays for. The certificate is self-signed, made once with openssl under
 * .wrangler/ (never committed); the browser is told to accept it. Bodies pass through untouched (no decoding).
 */
export async function startH2Proxy(target: string, port: number): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = resolve(".wrangler/bench-tls");
  const key = resolve(dir, "key.pem");
  const cert = resolve(dir, "cert.pem");
  if (!existsSync(key) || !existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=localhost", "-keyout", key, "-out", cert],
      {
        stdio: "ignore",
      },
    );
  }
  const to = new URL(target);
  const server = createSecureServer(
    { key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(":") && value !== undefined) headers[name] = value;
      headers.host = to.host;
      const upstream = httpRequest({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers }, (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value === undefined || ["connection", "keep-alive", "transfer-encoding", "upgrade"].includes(name)) continue;
          out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      });
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  // WebSocket upgrades (the price and chat rooms): the browser opens them over HTTP/1.1 on a TLS connection of their own.
  // The request goes upstream as it came and the two sockets are joined, so the page's rooms connect as in production.
  server.on("upgrade", (req: Http2ServerRequest, socket: Socket, head: Buffer) => {
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!;
        lines.push(`${name}: ${name.toLowerCase() === "host" ? to.host : req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const close = () => (upstream.destroy(), socket.destroy());
    upstream.on("error", close);
    socket.on("error", close);
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return {
    base: `https://localhost:${port}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
