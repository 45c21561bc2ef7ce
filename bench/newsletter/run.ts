/**
 * `npm run bench:newsletter` (issue 14's budget, decision 103): the production build on a fresh
 * PostgreSQL database, 10,000 confirmed subscriptions, one campaign sent from the admin API to a
 * local SMTP server. Measures how long the send takes to queue every mail (budget < 5 s), the
 * delivery rate against NEWSLETTER_RATE_PER_MINUTE, that every subscriber got exactly one mail
 * with their own List-Unsubscribe header, and the p99 of page requests before and during the
 * delivery (budget < 50 ms). Prints the figures and writes them to docs/benchmarks.md under
 * "## Newsletter campaign"; never fails on timing (exit code 0 unless it cannot run).
 *
 *   --subscribers N  confirmed subscriptions (default 10000)
 *   --rate N         NEWSLETTER_RATE_PER_MINUTE (default 6000)
 *   --connections N  concurrent page visitors while measuring (default 10)
 *   --duration N     seconds of each page measurement (default 20)
 *   --port N         the server's port (default 4302)
 */
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../tests/support/smtp.ts";
import { type Figure, measure } from "../lib/autocannon.ts";
import { sleep, startProduct } from "../lib/product.ts";
import { measuredLine, verdict, writeSection } from "../lib/report.ts";
import { ensureBuild, root } from "../lib/server.ts";
import { createUser, login, randomIp } from "../lib/users.ts";

const { values: args } = parseArgs({
  options: {
    subscribers: { type: "string", default: "10000" },
    rate: { type: "string", default: "6000" },
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "20" },
    port: { type: "string", default: "4302" },
  },
});
process.chdir(root);
const subscribers = Number(args.subscribers);
const rate = Number(args.rate);
const connections = Number(args.connections);
const duration = Number(args.duration);
ensureBuild();

/** A light SMTP peer: counts messages per recipient and those carrying List-Unsubscribe. */
async function startCountingPeer() {
  const perRecipient = new Map<string, number>();
  let withHeaders = 0;
  let messages = 0;
  let first = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // A reverse DNS lookup per connection would make the peer, not the product, the bottleneck.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        const headers = head.split(/\r?\n\r?\n/)[0] ?? "";
        if (/^List-Unsubscribe:\s*<https?:\/\/[^>]+token=[A-Za-z0-9_-]{43}>/im.test(headers)) {
          if (/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/im.test(headers)) withHeaders++;
        }
        for (const r of session.envelope.rcptTo) {
          perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
        }
        messages++;
        last = Date.now();
        if (!first) first = last;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    get messages() {
      return messages;
    },
    get withHeaders() {
      return withHeaders;
    },
    get first() {
      return first;
    },
    get last() {
      return last;
    },
    perRecipient,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const pages = ["/", "/services", "/gallery", "/team", "/contact"];
const browser = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,*/*" };

function pageLoad(base: string, name: string): Promise<Figure> {
  let i = 0;
  return measure(name, {
    url: base,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          method: "GET",
          path: pages[i++ % pages.length] as string,
          headers: { ...browser, "X-Forwarded-For": randomIp() },
        }),
      },
    ],
  });
}

/**
 * The same send on the embedded database (PGlite, in this process): only the queueing, which
 * is the part whose cost grows with the list; delivery is the outbox's, measured below.
 */
async function queueOnPglite(): Promise<{ queued: number; ms: number }> {
  const { sql } = await import("drizzle-orm");
  const { migrate, openPglite } = await import("../../server/db/client.ts");
  const { campaigns, roles, users } = await import("../../server/db/schema.ts");
  const { parseEnv } = await import("../../server/env.ts");
  const { sendCampaign } = await import("../../server/newsletter/campaigns.ts");
  const handle = await openPglite();
  try {
    await migrate(handle);
    await handle.db.execute(sql`
      insert into subscriptions (email, status, confirmed_at, unsubscribe_token)
      select 'bench' || n || '@example.com', 'confirmed', now(),
        translate(rtrim(encode(sha256(('t' || n)::bytea), 'base64'), '='), '+/', '-_')
      from generate_series(1, ${subscribers}::int) n`);
    const [campaign] = await handle.db
      .insert(campaigns)
      .values({ subject: "Novedades", body: "## Hola\n\nTexto de la campaña." })
      .returning();
    const env = parseEnv({
      APP_URL: "https://obra.test",
      NEWSLETTER_RATE_PER_MINUTE: String(rate),
    });
    const mail = { send: async () => {}, flush: async () => {}, stop: async () => {} };
    // Whoever sends it is named in the audit log, written in the send's transaction.
    const [role] = await handle.db.select({ id: roles.id }).from(roles).limit(1);
    const [staff] = await handle.db
      .insert(users)
      .values({
        name: "Bench",
        email: "bench-staff@example.com",
        password_hash: "-",
        role_id: role?.id ?? 1,
      })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = {
      ...(staff as { id: number; name: string; email: string }),
      email_verified_at: null,
      roles: [],
    };
    const started = performance.now();
    const { queued } = await sendCampaign({ db: handle.db, env, mail }, campaign?.id ?? 0, actor);
    return { queued, ms: performance.now() - started };
  } finally {
    await handle.close();
  }
}

console.log(`queueing ${subscribers} on the embedded database (PGlite)...`);
const embedded = await queueOnPglite();
console.log(`PGlite: ${embedded.queued} queued in ${embedded.ms.toFixed(0)} ms`);

const peer = await startCountingPeer();
const product = await startProduct({
  label: "newsletter",
  port: Number(args.port),
  quiet: true,
  env: { SMTP_URL: peer.url, NEWSLETTER_RATE_PER_MINUTE: String(rate) },
});
const { server, database } = product;
const lines: string[] = [];
try {
  const staff = { email: "campanas@example.com", password: "tejado-azul-2026-bench" };
  createUser({ ...product.env, DATABASE_URL: database.url }, staff, "admin");
  // The CLI wrote the account while the server ran: sign in through the API.
  const token = await login(server.base, staff);
  const auth = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };

  await database.query(
    `insert into subscriptions (email, status, consent_at, consent_version, consent_text,
       consent_page, consent_ip, confirmed_at, unsubscribe_token)
     select 'bench' || n || '@example.com', 'confirmed', now(), '2026-11-24', 'bench', '/',
       '10.0.0.1', now(), encode(sha256(('t' || n)::bytea), 'base64')
     from generate_series(1, $1::int) n`,
    [subscribers],
  );
  // base64 of 32 bytes is 44 characters with '=': make it a 43-character url-safe token.
  await database.query(
    `update subscriptions set unsubscribe_token =
       translate(rtrim(unsubscribe_token, '='), '+/', '-_') where unsubscribe_token like '%='`,
  );

  const created = await fetch(`${server.base}/api/admin/campaigns/create`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      subject: "Novedades de noviembre",
      body: "## Cocinas que duran\n\nUna obra terminada en Valencia, con [fotos](https://obra.test/gallery).\n\n- Plazos\n- Materiales\n- Presupuesto cerrado",
    }),
  });
  if (created.status !== 201) throw new Error(`campaign create answered ${created.status}`);
  const campaignId = ((await created.json()) as { data: { id: number } }).data.id;

  console.log(`pages before the send (${connections} connections, ${duration} s)...`);
  const before = await pageLoad(server.base, "pages before the send");

  const sendStart = performance.now();
  const sent = await fetch(`${server.base}/api/admin/campaigns/${campaignId}/send`, {
    method: "POST",
    headers: auth,
    body: "{}",
  });
  const queueMs = performance.now() - sendStart;
  const queued = ((await sent.json()) as { data?: { queued: number } }).data?.queued ?? 0;
  console.log(`send answered ${sent.status}: ${queued} queued in ${queueMs.toFixed(0)} ms`);

  console.log(`pages during the delivery (${connections} connections, ${duration} s)...`);
  const during = await pageLoad(server.base, "pages during the delivery");
  const deliveredDuringPages = peer.messages;

  const expectedSeconds = (subscribers / rate) * 60;
  const deadline = Date.now() + (expectedSeconds * 1.5 + 60) * 1000;
  while (peer.messages < subscribers && Date.now() < deadline) await sleep(1000);
  await sleep(6000); // a duplicate would come from a later pass
  const spanS = (peer.last - peer.first) / 1000;
  const achieved = spanS > 0 ? Math.round(((peer.messages - 1) / spanS) * 60) : 0;
  const counts = [...peer.perRecipient.values()];
  const twice = counts.filter((n) => n > 1).length;

  const summary = await (
    await fetch(`${server.base}/api/admin/campaigns/${campaignId}`, { headers: auth })
  ).json();

  console.log("");
  verdict(
    lines,
    `${subscribers} confirmed subscribers queued in < 5 s (PostgreSQL, the send's HTTP call)`,
    queued === subscribers && queueMs < 5000,
    `${queued} in ${(queueMs / 1000).toFixed(2)} s`,
  );
  verdict(
    lines,
    `${subscribers} queued in < 5 s on the embedded database (PGlite)`,
    embedded.queued === subscribers && embedded.ms < 5000,
    `${embedded.queued} in ${(embedded.ms / 1000).toFixed(2)} s`,
  );
  verdict(
    lines,
    "every subscriber got exactly one mail",
    peer.perRecipient.size === subscribers && twice === 0,
    `${peer.perRecipient.size} recipients, ${twice} twice`,
  );
  verdict(
    lines,
    "each with List-Unsubscribe and List-Unsubscribe-Post",
    peer.withHeaders === peer.messages,
    `${peer.withHeaders}/${peer.messages}`,
  );
  verdict(
    lines,
    `delivered at the configured rate (${rate}/min)`,
    achieved <= rate * 1.05 && achieved >= rate * 0.9,
    `${achieved}/min over ${spanS.toFixed(0)} s (configured ${rate}/min); ${deliveredDuringPages} delivered during the page measurement`,
  );
  verdict(
    lines,
    "page p99 < 50 ms during the delivery",
    during.p99 < 50,
    `p99 ${during.p99} ms (before the send ${before.p99} ms), p50 ${during.p50} ms, ${during.rps} req/s, ${during.errors} errors, ${during.non2xx} non-2xx`,
  );
  console.log(`campaign summary: ${JSON.stringify(summary.data?.counts)}`);

  writeSection(
    "## Newsletter campaign",
    [
      measuredLine(
        "npm run bench:newsletter",
        `production build on PostgreSQL, ${subscribers} confirmed subscriptions, NEWSLETTER_RATE_PER_MINUTE=${rate}, a local SMTP server, ${connections} page visitors for ${duration} s before and during the delivery`,
      ),
      "",
      "Budgets (issue 14): queued in < 5 s; delivered at the configured rate, each subscriber once, with the RFC 8058 headers; page p99 < 50 ms during the send.",
      "",
      ...lines,
      "",
      `| pages | req/s | p50 ms | p99 ms | errors |`,
      `| --- | --- | --- | --- | --- |`,
      `| before the send | ${before.rps} | ${before.p50} | ${before.p99} | ${before.errors + before.non2xx} |`,
      `| during the delivery | ${during.rps} | ${during.p50} | ${during.p99} | ${during.errors + during.non2xx} |`,
    ].join("\n"),
  );
} finally {
  await product.close();
  await peer.stop();
}
