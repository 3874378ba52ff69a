import { Agent, request } from "node:http";

/**
 * A lean HTTP/1.1 client for the throughput benches: keep-alive sockets and no
 * WHATWG fetch machinery, so the client costs less CPU than the server it
 * measures (on a two-core machine the two compete).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function post(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
