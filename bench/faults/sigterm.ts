/**
 * SIGTERM under load: autocannon on GET /api/user and the pre-rendered home page, plus a burst
 * of logins (slow: an argon2 hash each) sent just before the signal, so requests are surely in
 * flight when it lands. Every request that reached the server must get a complete answer;
 * afterwards new connections are refused (expected), and the process exits 0.
 */
import autocannon from "autocannon";
import { figure } from "../lib/autocannon.ts";
import { postJson, sleep, startProduct } from "../lib/product.ts";
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
    let logins: Promise<{ status: number; text: string }[]> = Promise.resolve([]);
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
        // Slow requests in flight when the signal lands.
        logins = Promise.all(
          Array.from({ length: 6 }, () =>
            postJson(
              server.base,
              "/api/login",
              { email: "sigterm@example.com", password: "tejado-azul-2026-bench" },
              randomIp(),
            ).catch((error: Error) => ({
              status: 0,
              text: String((error.cause as { code?: string } | undefined)?.code ?? error.message),
              json: undefined,
            })),
          ),
        );
        // Long enough for the busy server to accept them: a connection still in the kernel's
        // accept queue when the listener closes is reset by the kernel, not by the server.
        await sleep(250);
        signalled = Date.now();
        server.child.kill("SIGTERM");
      }, signalAt * 1000);
    });
    const exitCode = await server.exited;
    const exitedAfter = exitedAt - signalled;
    const loginAnswers = await logins;
    const f = figure("sigterm", result);
    const refused = errorCodes.ECONNREFUSED ?? 0;
    const resets = Object.entries(errorCodes)
      .filter(([code]) => code !== "ECONNREFUSED")
      .reduce((sum, [, n]) => sum + n, 0);
    const summary = `${answered} answers (${JSON.stringify(f.statusCodes)}), then SIGTERM at ${signalAt} s of ${total} s (50 connections, GET / and GET /api/user, plus 6 logins sent 250 ms before the signal); client errors after the signal: ${JSON.stringify(errorCodes)}; the process exited ${exitedAfter} ms after the signal with code ${exitCode}.`;
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
      "the logins in flight at the signal were answered",
      loginAnswers.every((a) => a.status === 200),
      loginAnswers.map((a) => (a.status ? a.status : a.text)).join(", "),
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
