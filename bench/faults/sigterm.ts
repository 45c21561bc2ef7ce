/**
 * SIGTERM under load: autocannon on GET /api/user and the pre-rendered home page, plus 20
 * concurrent requests, each on a connection of its own, sent 50 ms before the signal (6 logins,
 * slow: an argon2 hash each; 14 pages and GET /api/user), so requests are surely in flight, some
 * still waiting to be accepted, when it lands. Each of the 20 is counted by its client: a
 * complete answer, a reset or a refusal. Every request that reached the server must get a
 * complete answer; afterwards new connections are refused (expected), and the process exits 0.
 */
import http from "node:http";
import autocannon from "autocannon";
import { figure } from "../lib/autocannon.ts";
import { sleep, startProduct } from "../lib/product.ts";
import { verdict } from "../lib/report.ts";
import { randomIp } from "../lib/users.ts";

export async function sigterm(options: { seconds: number; port: number }) {
  const lines: string[] = [];
  const total = Math.max(options.seconds, 8);
  const signalAt = Math.floor(total / 2);
  const product = await startProduct({ label: "sigterm", port: options.port, quiet: true });
  const { server, token } = product;
  try {
    const errorCodes: Record<string, number> = {};
    let answered = 0;
    let burst: Promise<BurstOutcome[]> = Promise.resolve([]);
    let signalled = 0;
    let exitedAt = 0;
    void server.exited.then(() => {
      exitedAt = Date.now();
    });
    let incomplete = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.base,
          connections: 50,
          duration: total,
          timeout: 20,
          requests: [
            {
              setupRequest: (req) =>
                Math.random() < 0.5
                  ? { ...req, method: "GET", path: "/", headers: {} }
                  : {
                      ...req,
                      method: "GET",
                      path: "/api/user",
                      headers: { Authorization: `Bearer ${token}` },
                    },
              onResponse: (status, body) => {
                answered++;
                // A complete answer: the whole page (its closing tag) or a whole JSON body.
                const complete =
                  status === 200 && (body.includes("</html>") || body.startsWith('{"user"'));
                if (!complete) incomplete++;
              },
            },
          ],
        },
        (error, r) => (error ? reject(error) : resolve(r)),
      );
      instance.on("reqError", (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        errorCodes[code] = (errorCodes[code] ?? 0) + 1;
      });
      setTimeout(async () => {
        burst = Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            i < 6
              ? requestOnce(server.base, "POST", "/api/login", {
                  email: "sigterm@example.com",
                  password: "tejado-azul-2026-bench",
                })
              : requestOnce(server.base, "GET", i % 2 ? "/" : "/api/user", undefined, token),
          ),
        );
        await sleep(50);
        signalled = Date.now();
        server.child.kill("SIGTERM");
      }, signalAt * 1000);
    });
    const exitCode = await server.exited;
    const exitedAfter = exitedAt - signalled;
    const burstOutcomes = await burst;
    const burstCounts: Record<string, number> = {};
    for (const outcome of burstOutcomes) burstCounts[outcome] = (burstCounts[outcome] ?? 0) + 1;
    const f = figure("sigterm", result);
    const refused = errorCodes.ECONNREFUSED ?? 0;
    const resets = Object.entries(errorCodes)
      .filter(([code]) => code !== "ECONNREFUSED")
      .reduce((sum, [, n]) => sum + n, 0);
    const summary = `${answered} answers (${JSON.stringify(f.statusCodes)}), then SIGTERM at ${signalAt} s of ${total} s (50 connections, GET / and GET /api/user); the 20 concurrent requests sent 50 ms before the signal, as their clients saw them: ${JSON.stringify(burstCounts)}; autocannon's errors after the signal: ${JSON.stringify(errorCodes)}; the process exited ${exitedAfter} ms after the signal with code ${exitCode}.`;
    console.log(summary);
    lines.push(summary);
    verdict(
      lines,
      "every answer complete (200 with a whole body)",
      incomplete === 0,
      `${incomplete} incomplete`,
    );
    verdict(
      lines,
      "the 20 concurrent requests in flight at the signal all answered, none reset",
      burstCounts.answered === 20,
      JSON.stringify(burstCounts),
    );
    // A reset can only hit a request the server never read: one written on a keep-alive
    // connection at the instant the server closed it as idle (HTTP/1.1's known race; clients
    // retry idempotent requests), so at most one per connection. More would mean real loss.
    verdict(
      lines,
      "no reset beyond the keep-alive close race (at most one per connection, all else refused)",
      resets <= 50,
      `${refused} refused after close, ${resets} resets for 50 connections`,
    );
    verdict(lines, "exit code 0", exitCode === 0, String(exitCode));
  } finally {
    await product.close();
  }
  return lines;
}

type BurstOutcome = "answered" | "incomplete" | string;

/**
 * One request on a connection of its own, as a browser's first request opens one: "answered"
 * (200 or 201 with a whole body), "incomplete", or the error its client saw (ECONNRESET…).
 */
function requestOnce(
  base: string,
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<BurstOutcome> {
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${pathname}`,
      {
        method,
        agent: false,
        headers: {
          "X-Forwarded-For": randomIp(),
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          const whole = text.includes("</html>") || text.startsWith("{");
          resolve(res.statusCode && res.statusCode < 300 && whole ? "answered" : "incomplete");
        });
        res.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(body ? JSON.stringify(body) : undefined);
  });
}
