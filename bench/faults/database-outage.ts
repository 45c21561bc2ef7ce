/**
 * PostgreSQL goes away under load and comes back. The relay between the server and PostgreSQL
 * (tests/support/tcp-proxy.ts) is cut for `outageSeconds`: every database connection drops and
 * new ones are refused, as in a restart, without disturbing the machine's cluster that other
 * runs share. Load: GET /api/user, POST /api/subscriptions (unique e-mails) and POST
 * /api/contacts (unique text), mixed, from random client addresses.
 */
import type autocannon from "autocannon";
import { run } from "../lib/autocannon.ts";
import { sleep, startProduct } from "../lib/product.ts";
import { verdict } from "../lib/report.ts";
import { randomIp, uniqueToken } from "../lib/users.ts";

type Kind = "user" | "subscribe" | "contact";
type Phase = "before" | "during" | "after";
interface Outcome {
  kind: Kind;
  key: string;
  phase: Phase;
  status: number;
  json: boolean;
}

export async function databaseOutage(options: { seconds: number; port: number }) {
  const lines: string[] = [];
  const outageSeconds = 5;
  const total = Math.max(options.seconds, 15);
  const cutAt = Math.floor((total - outageSeconds) / 2);
  let serverErrors = 0;
  const product = await startProduct({
    label: "outage",
    port: options.port,
    viaProxy: true,
    quiet: true,
    // The API logs "[api] METHOD path" with the error for every 500 it answers.
    onStderr: (text) => {
      serverErrors += text.match(/^\[api\] (GET|POST) \/api/gm)?.length ?? 0;
    },
  });
  const { server, proxy, database, token } = product;
  let phase: Phase = "before";
  const outcomes: Outcome[] = [];
  /** Every key sent, answered or not (autocannon drops the requests in flight when it stops). */
  const sentKeys = new Set<string>();
  const connections = 20;
  const timeoutSeconds = 10;

  try {
    const requests: autocannon.Request[] = [
      {
        setupRequest: (req, untyped) => {
          const context = untyped as { current?: Omit<Outcome, "status" | "json"> };
          const roll = Math.random();
          const key = uniqueToken();
          const ip = randomIp();
          sentKeys.add(key);
          const json = { "Content-Type": "application/json", "X-Forwarded-For": ip };
          if (roll < 0.4) {
            context.current = { kind: "user", key, phase };
            return {
              ...req,
              method: "GET",
              path: "/api/user",
              headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": ip },
            };
          }
          if (roll < 0.7) {
            context.current = { kind: "subscribe", key, phase };
            return {
              ...req,
              method: "POST",
              path: "/api/subscriptions",
              headers: json,
              body: JSON.stringify({ email: `s-${key}@example.com` }),
            };
          }
          context.current = { kind: "contact", key, phase };
          return {
            ...req,
            method: "POST",
            path: "/api/contacts",
            headers: json,
            body: JSON.stringify({
              name: "Lucía Corte",
              email: "lucia@example.com",
              subject: "Reforma de baño",
              message: `Presupuesto para un baño de 5 m². ref ${key}`,
            }),
          };
        },
        onResponse: (status, body, untyped) => {
          const sent = (untyped as { current: Omit<Outcome, "status" | "json"> }).current;
          let json = false;
          try {
            JSON.parse(body);
            json = true;
          } catch {}
          outcomes.push({ ...sent, status, json });
        },
      },
    ];

    const load = run({
      url: server.base,
      connections,
      duration: total,
      timeout: timeoutSeconds,
      requests,
    });
    await sleep(cutAt * 1000);
    phase = "during";
    const cutTime = Date.now();
    await proxy?.cut();
    await sleep(outageSeconds * 1000);
    await proxy?.restore();
    const restoredAfter = Date.now() - cutTime;
    phase = "after";
    const result = await load;

    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const byPhase = (p: Phase) => outcomes.filter((o) => o.phase === p);
    const codes = (list: Outcome[]) => {
      const counts: Record<number, number> = {};
      for (const o of list) counts[o.status] = (counts[o.status] ?? 0) + 1;
      return JSON.stringify(counts);
    };
    console.log(
      `database outage: ${outcomes.length} answers in ${total} s (cut at ${cutAt} s for ${restoredAfter} ms); before ${codes(byPhase("before"))}, during ${codes(byPhase("during"))}, after ${codes(byPhase("after"))}; client errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    lines.push(
      `PostgreSQL cut for ${Math.round(restoredAfter / 1000)} s after ${cutAt} s of a ${total} s run, 20 connections: ${outcomes.length} answers; status counts before ${codes(byPhase("before"))}, during ${codes(byPhase("during"))}, after ${codes(byPhase("after"))} (a phase is when the request was sent); client errors ${result.errors}, timeouts (> ${timeoutSeconds} s) ${result.timeouts}.`,
    );

    verdict(lines, "server process alive after the outage", alive);
    const bad = outcomes.filter((o) => o.status >= 500 && o.status !== 503);
    verdict(
      lines,
      "no 5xx other than 503",
      bad.length === 0 && serverErrors === 0,
      `${bad.length} others, ${serverErrors} 500s in the server log`,
    );
    const unavailable = outcomes.filter((o) => o.status === 503);
    verdict(
      lines,
      "503s are JSON",
      unavailable.length > 0 && unavailable.every((o) => o.json),
      `${unavailable.length} answers 503`,
    );
    verdict(
      lines,
      "no request hung past the timeout, no connection error",
      result.timeouts === 0 && result.errors === 0,
      `${result.timeouts} timeouts, ${result.errors} errors`,
    );
    // Recovery: the last seconds of the run, long after the restore, all succeed.
    const after = byPhase("after");
    const tail = after.slice(Math.floor(after.length / 2));
    verdict(
      lines,
      "recovers without a restart (second half after restore all 2xx)",
      tail.length > 0 && tail.every((o) => o.status < 300),
      `${tail.filter((o) => o.status < 300).length}/${tail.length}`,
    );
    const check = await fetch(`${server.base}/api/user`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    verdict(lines, "GET /api/user answers 200 after the run", check.status === 200);

    // No partial writes: every 201 is in the database; every row had a 201 or a 503.
    const subscribedRows = new Set(
      (await database.query<{ email: string }>("select email from subscriptions")).map((r) =>
        r.email.replace(/^s-|@example\.com$/g, ""),
      ),
    );
    const contactRows = new Set(
      (await database.query<{ message: string }>("select message from contacts")).map(
        (r) => /ref (\S+)$/.exec(r.message)?.[1] ?? "",
      ),
    );
    for (const [kind, rows] of [
      ["subscribe", subscribedRows],
      ["contact", contactRows],
    ] as const) {
      const sent = outcomes.filter((o) => o.kind === kind);
      const ok = sent.filter((o) => o.status === 201);
      const missing = ok.filter((o) => !rows.has(o.key));
      const answered = new Map(sent.map((o) => [o.key, o.status]));
      const unexplained = [...rows].filter((key) => answered.get(key) !== 201);
      const after503 = unexplained.filter((key) => answered.get(key) === 503);
      const noAnswer = unexplained.filter((key) => !answered.has(key) && sentKeys.has(key));
      // A 503 after the commit: the COMMIT reached PostgreSQL, its reply was lost with the
      // connection. Rows without an answer: requests still in flight when autocannon stopped
      // (at most one per connection), or lost to a client error or timeout.
      verdict(
        lines,
        `every 201 ${kind} is stored`,
        missing.length === 0,
        `${ok.length} answered 201, ${missing.length} missing`,
      );
      verdict(
        lines,
        `every stored ${kind} was answered 201, or 503 after its commit, or was in flight at the end`,
        after503.length + noAnswer.length === unexplained.length &&
          noAnswer.length <= connections + result.errors + result.timeouts,
        `${rows.size} rows = ${rows.size - unexplained.length} with 201 + ${after503.length} committed before a 503 + ${noAnswer.length} in flight when the load stopped`,
      );
    }
  } finally {
    await product.close();
  }
  return lines;
}
