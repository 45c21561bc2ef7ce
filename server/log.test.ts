import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { company } from "../content/company.ts";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../tests/support/database.ts";
import {
  isoTime,
  type LoggedResponse,
  log,
  logResponse,
  maskEmail,
  redactTarget,
  setupLog,
} from "./log.ts";

describe("what a log line may show of a request", () => {
  it("redacts tokens in paths and queries, masks addresses, keeps the rest", () => {
    const token = "q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C";
    expect(redactTarget(`/verify-email/${token}`)).toBe("/verify-email/[redacted]");
    expect(redactTarget(`/api/verify-email/${token}`)).toBe("/api/verify-email/[redacted]");
    expect(redactTarget(`/change-password/lucia%40example.com/${token}`)).toBe(
      "/change-password/[redacted]/[redacted]",
    );
    expect(redactTarget(`/reset?token=${token}&lang=es`)).toBe("/reset?token=[redacted]&lang=es");
    expect(redactTarget(`/api/user?access_token=${token}&page=2`)).toBe(
      "/api/user?access_token=[redacted]&page=2",
    );
    expect(redactTarget("/x?API_KEY=abc&client_secret=s3&sessionid=9")).toBe(
      "/x?API_KEY=[redacted]&client_secret=[redacted]&sessionid=9",
    );
    expect(redactTarget(`/x?t=${token}&lang=es`)).toBe("/x?t=[redacted]&lang=es");
    expect(redactTarget("/x?next=lucia@example.com")).toBe("/x?next=l***@example.com");
    // A staff search names a person (a name, a phone, a street): none of it outlives an
    // erasure in the log (decision 205). The filters, order and page stay.
    expect(redactTarget("/api/admin/contacts?q=Erasmo%20Borrable&status=nuevo&page=2")).toBe(
      "/api/admin/contacts?q=[redacted]&status=nuevo&page=2",
    );
    expect(redactTarget("/admin/contacts/index?sort=name&q=611+222+333")).toBe(
      "/admin/contacts/index?sort=name&q=[redacted]",
    );
    expect(redactTarget("/api/admin/contacts/export?Q=Calle%20Mayor&q=x&q")).toBe(
      "/api/admin/contacts/export?Q=[redacted]&q=[redacted]&q",
    );
    expect(redactTarget("/buscar?q=lucia@example.com")).toBe("/buscar?q=[redacted]");
    expect(redactTarget("/api/admin/users/lucia%40example.com")).toBe(
      "/api/admin/users/l***@example.com",
    );
    expect(redactTarget(`/somewhere/new/${token}`)).toBe("/somewhere/new/[redacted]");
    for (const plain of [
      "/",
      "/service/reformas/reformas-de-casas-y-chalets",
      "/admin/users/update/12",
      "/assets/entry.client-BxY12abc.js",
      "/images/generated/cocina-800.webp",
    ]) {
      expect(redactTarget(plain)).toBe(plain);
    }
  });

  it("masks every e-mail address in a text", () => {
    expect(maskEmail("to lucia@example.com and pepe.garcia@obra.es")).toBe(
      "to l***@example.com and p***@obra.es",
    );
  });
});

describe("the access line", () => {
  const written: string[] = [];
  const capture = { write: (line: string) => void written.push(line) };
  afterAll(() => setupLog(process.env));

  /** A response as Node hands it to `logResponse` when it closes. */
  const response = (fields: { url: string; method: string; status: number; finished: boolean }) =>
    ({
      req: { url: fields.url, method: fields.method },
      statusCode: fields.status,
      writableFinished: fields.finished,
      requestId: "0badcafe-1z",
      startedAt: performance.now() - 12.34,
    }) as unknown as LoggedResponse;

  it("is the line pino writes for the same fields, whatever the path holds", () => {
    setupLog({ NODE_ENV: "production", LOG_LEVEL: "debug" }, capture);
    const paths = [
      "/api/user",
      '/a"b\\c\td?q=<script>alert(1)</script>',
      "/ñandú/Ω≈ç√∫˜µ≤≥÷/🏗️/\u2028\u0000",
      `/verify-email/${"x1".repeat(20)}`,
    ];
    for (const [i, url] of paths.entries()) {
      const finished = i % 2 === 0;
      // Each method's text is made once and kept (decision 285): GET twice.
      const method = ["POST", "GET", "PROPFIND", "GET"][i] as string;
      written.length = 0;
      logResponse.call(response({ url, method, status: 422, finished }));
      const [handBuilt] = written;
      written.length = 0;
      const ms = (JSON.parse(handBuilt as string) as { ms: number }).ms;
      const fields = {
        id: "0badcafe-1z",
        method,
        path: redactTarget(url),
        status: 422,
        ms,
      };
      log.info(finished ? fields : { ...fields, aborted: true }, "request");
      const time = /"time":"[^"]+"/;
      expect(handBuilt?.replace(time, "")).toBe(written[0]?.replace(time, ""));
      expect(ms).toBeGreaterThanOrEqual(12.3);
    }
  });

  it("keeps the levels: health probes are debug lines, nothing below the level is written", () => {
    setupLog({ NODE_ENV: "production", LOG_LEVEL: "debug" }, capture);
    written.length = 0;
    logResponse.call(response({ url: "/healthz", method: "GET", status: 200, finished: true }));
    expect(JSON.parse(written[0] as string)).toMatchObject({ level: 20, path: "/healthz" });
    expect(Date.parse(JSON.parse(written[0] as string).time)).toBeGreaterThan(0);

    setupLog({ NODE_ENV: "production" }, capture);
    written.length = 0;
    logResponse.call(response({ url: "/healthz", method: "GET", status: 200, finished: true }));
    logResponse.call(response({ url: "/readyz?t=1", method: "GET", status: 200, finished: true }));
    logResponse.call(response({ url: "/", method: "GET", status: 200, finished: true }));
    expect(written.map((line) => JSON.parse(line).path)).toEqual(["/"]);

    setupLog({ NODE_ENV: "production", LOG_LEVEL: "warn" }, capture);
    written.length = 0;
    logResponse.call(response({ url: "/", method: "GET", status: 200, finished: true }));
    expect(written).toEqual([]);
  });
});

describe("the time of a line", () => {
  it("is toISOString's, to the millisecond, made once a second", () => {
    const start = Date.parse("2026-11-29T23:59:58.000Z");
    // Every millisecond of three seconds across a day's, a month's and a year's end, then back
    // in time (a clock set back), and the moments toISOString pads.
    const moments = [
      ...Array.from({ length: 3000 }, (_, i) => start + i),
      Date.parse("2026-12-31T23:59:59.999Z"),
      Date.parse("2027-01-01T00:00:00.000Z"),
      start + 9,
      start + 10,
      start + 99,
      start + 100,
      0,
    ];
    for (const now of moments) expect(isoTime(now)).toBe(new Date(now).toISOString());
    expect(Math.abs(Date.parse(isoTime()) - Date.now())).toBeLessThan(1000);
  });
});

describe("the lines written just before the process ends", () => {
  /** The fixture's stdout, split in lines, and how it ended. */
  const endWith = (how: "exit" | "crash") => {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", "tests/support/fixtures/log-then-exit.ts", how],
      { encoding: "utf8", env: { ...process.env, LOG_LEVEL: "" }, timeout: 30_000 },
    );
    const lines = result.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    return { status: result.status, lines };
  };
  const expected = ["first", ...Array.from({ length: 200 }, () => "request"), "last"];

  it("reach stdout, in their order, when the process exits in the same turn", () => {
    const { status, lines } = endWith("exit");
    expect(status).toBe(3);
    expect(lines.map((l) => l.msg)).toEqual(expected);
    expect(lines.filter((l) => l.msg === "request").map((l) => l.id)).toEqual(
      Array.from({ length: 200 }, (_, i) => `r-${i}`),
    );
  });

  it("reach stdout when the process crashes", () => {
    const { status, lines } = endWith("crash");
    expect(status).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual(expected);
  });
});

/** One JSON object per line, as pino writes them. */
type Line = Record<string, unknown>;

/** The real start-up (tests/support/fixtures/api-server.ts) in a process whose stdout is read. */
async function startLoggedServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/fixtures/api-server.ts"],
    {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "", HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  // Decoded as a stream: a character split between two chunks stays whole.
  child.stdout?.setEncoding("utf8");
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  // Whole lines only: a chunk of the pipe may end mid-line, and JSON.parse of that half
  // would throw in whichever check read it then (decision 195).
  const lines = (): Line[] =>
    output
      .slice(0, output.lastIndexOf("\n") + 1)
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  let base = "";
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
      const listening = lines().find((l) => String(l.msg).startsWith("Listening on"));
      expect(listening).toBeDefined();
      // Says whether other machines can reach it (HOST), not only a localhost address.
      expect(String(listening?.msg)).toMatch(
        /^Listening on (every interface \(.+\)|\S+ only), http/,
      );
      base = `http://127.0.0.1:${/:(\d+)$/.exec(String(listening?.msg))?.[1]}`;
    },
    { timeout: 60_000, interval: 100 },
  );
  return { base, child, output: () => output, lines };
}

describe.skipIf(skipDatabase)("the log of a server stopped by SIGTERM", () => {
  it("has the access line of every request answered during the drain", {
    timeout: 120_000,
  }, async () => {
    const env: Record<string, string> = {
      PORT: "0",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-log-")),
      DATABASE_URL: "",
      SMTP_URL: "",
      REDIS_URL: "",
    };
    let dropDatabase = async () => {};
    if (testDatabaseKind === "postgres") {
      const database = await createPostgresTestDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    try {
      const server = await startLoggedServer(env);
      const closed = new Promise((resolve) => server.child.stdout?.once("close", resolve));
      // Requests on connections of their own, the signal while they are on their way.
      const answers = Array.from({ length: 40 }, (_, i) =>
        fetch(`${server.base}/api/user?n=${i}`, { headers: { connection: "close" } }).then(
          async (response) => {
            await response.arrayBuffer();
            return response.headers.get("x-request-id");
          },
        ),
      );
      setTimeout(() => server.child.kill("SIGTERM"), 20);
      const ids = await Promise.all(answers);
      await closed;
      expect(
        server.child.exitCode ?? (await new Promise((r) => server.child.once("exit", r))),
      ).toBe(0);
      const logged = server
        .lines()
        .filter((l) => l.msg === "request")
        .map((l) => l.id);
      expect(logged.sort()).toEqual(ids.sort());
      expect(server.output().endsWith("\n")).toBe(true);
    } finally {
      await dropDatabase();
    }
  });
});

describe.skipIf(skipDatabase)("the log of a running server", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-log-"));
  const email = "lucia.fernandez@example.com";
  const password = "azulejos-de-manises-1927";
  let server: Awaited<ReturnType<typeof startLoggedServer>>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const env: Record<string, string> = {
      PORT: "0",
      DATA_DIR: dataDir,
      APP_URL: "https://obra.test",
      DATABASE_URL: "",
      SMTP_URL: "",
      REDIS_URL: "",
    };
    if (testDatabaseKind === "postgres") {
      const database = await createPostgresTestDatabase();
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    server = await startLoggedServer(env);
  }, 90_000);
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    if (server?.child.exitCode === null) await new Promise((r) => server.child.once("exit", r));
    await dropDatabase();
  });

  const send = (target: string, body?: unknown) =>
    fetch(`${server.base}${target}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** The link in the newest mail written to the mail folder (no SMTP configured). */
  async function linkInMail(count: number, pattern: RegExp): Promise<string> {
    const folder = path.join(dataDir, "mail");
    let link = "";
    await vi.waitFor(
      () => {
        const files = readdirSync(folder).sort();
        expect(files.length).toBe(count);
        const eml = readFileSync(path.join(folder, files.at(-1) as string), "utf8");
        // Quoted-printable: lines joined, "=" spelt "=3D" (the newsletter links' ?token=).
        link = pattern.exec(eml.replace(/=\r?\n/g, "").replace(/=3D/g, "="))?.[0] ?? "";
        expect(link).not.toBe("");
      },
      { timeout: 10_000, interval: 100 },
    );
    return link;
  }

  it("starts with one line saying what it runs with", () => {
    const starting = server.lines().filter((l) => l.msg === "starting");
    expect(starting).toHaveLength(1);
    expect(starting[0]).toMatchObject({
      level: 30,
      node: process.version,
      mail: `files in ${path.join(dataDir, "mail")}`,
      throttles: "memory",
      trust_proxy: 0,
      origin: "https://obra.test",
    });
    expect(String(starting[0]?.database)).toMatch(
      testDatabaseKind === "postgres" ? /^postgres:\/\/127\.0\.0\.1:\d+\/obra_t_/ : /^embedded in /,
    );
    expect(starting[0]).toHaveProperty("version");
    expect(typeof starting[0]?.time).toBe("string");
  });

  it("writes one access line per request, with its id, and no secret in any line", async () => {
    const answers: { id: string; method: string; path: string; status: number }[] = [];
    const record = async (method: string, path: string, answer: Promise<Response>) => {
      const response = await answer;
      await response.arrayBuffer();
      answers.push({
        id: response.headers.get("x-request-id") ?? "",
        method,
        path,
        status: response.status,
      });
      return response;
    };

    await record(
      "POST",
      "/api/register",
      send("/api/register", {
        name: "Lucía Fernández",
        email,
        password,
        password_confirmation: password,
      }),
    );
    const verifyLink = await linkInMail(1, /https:\/\/obra\.test\/verify-email\/[\w-]+/);
    const verifyToken = verifyLink.split("/").at(-1) as string;
    await record("GET", "/verify-email/[redacted]", send(`/verify-email/${verifyToken}`));
    await record("GET", "/api/verify-email/[redacted]", send(`/api/verify-email/${verifyToken}`));
    await record("POST", "/api/login", send("/api/login", { email, password }));
    await record("POST", "/api/login", send("/api/login", { email, password: "no-es-esta-1234" }));
    await record("POST", "/api/forgot-password", send("/api/forgot-password", { email }));
    const resetLink = await linkInMail(2, /https:\/\/obra\.test\/change-password\/\S+\/[\w-]+/);
    const resetToken = resetLink.split("/").at(-1) as string;
    await record(
      "GET",
      "/change-password/[redacted]/[redacted]",
      send(`/change-password/${encodeURIComponent(email)}/${resetToken}`),
    );
    await record("GET", "/readyz", send("/readyz"));

    expect(answers.map((a) => a.status)).toEqual([201, 200, 200, 200, 401, 200, 200, 200]);
    // The last answer's line is written when its response closes, just after the client has it.
    const accessLines = () => server.lines().filter((l) => l.msg === "request");
    await vi.waitFor(() => expect(accessLines().length).toBeGreaterThanOrEqual(7), {
      timeout: 5_000,
    });
    for (const answer of answers) {
      expect(answer.id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      const lines = accessLines().filter((l) => l.id === answer.id);
      if (answer.path === "/readyz") {
        // Probes are debug lines: not written at the default level.
        expect(lines).toEqual([]);
        continue;
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 30,
        method: answer.method,
        path: answer.path,
        status: answer.status,
      });
      expect(lines[0]?.ms).toEqual(expect.any(Number));
    }
    expect(new Set(answers.map((a) => a.id)).size).toBe(answers.length);

    // The mail lines say where the message went, masked. Each is written once the outbox has
    // marked its row sent, after the file a test can already read: waited for, not read at once
    // (on a loaded machine the second was not there yet, decision 195).
    const mailLines = () => server.lines().filter((l) => l.msg === "mail: written to a file");
    await vi.waitFor(() => expect(mailLines()).toHaveLength(2), { timeout: 10_000 });
    expect(mailLines().map((l) => l.to)).toEqual(["l***@example.com", "l***@example.com"]);

    const everything = server.output();
    for (const secret of [password, verifyToken, resetToken, email, encodeURIComponent(email)]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/verify-email\/[\w-]{20}|change-password\/[^[]/);
  });

  it("writes what staff searched for as [redacted], in the API's lines and the pages'", async () => {
    const { token } = await (await send("/api/login", { email, password })).json();
    const searches = [
      [
        "/api/admin/contacts?q=Erasmo%20Borrable&status=nuevo",
        "/api/admin/contacts?q=[redacted]&status=nuevo",
      ],
      ["/api/admin/contacts/export?q=611%20222%20333", "/api/admin/contacts/export?q=[redacted]"],
      [
        "/admin/contacts/index?q=Calle+del+Olvido&page=2",
        "/admin/contacts/index?q=[redacted]&page=2",
      ],
    ] as const;
    const ids: string[] = [];
    for (const [target] of searches) {
      const answer = await fetch(`${server.base}${target}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.arrayBuffer();
      ids.push(answer.headers.get("x-request-id") ?? "");
    }
    const accessLines = () => server.lines().filter((l) => ids.includes(String(l.id)));
    await vi.waitFor(() => expect(accessLines()).toHaveLength(searches.length), {
      timeout: 5_000,
    });
    expect(accessLines().map((l) => l.path)).toEqual(searches.map(([, logged]) => logged));
    const everything = server.output();
    for (const typed of ["Erasmo", "Borrable", "611%20222%20333", "Olvido"]) {
      expect(everything).not.toContain(typed);
    }
  });

  it("ties a quote to its request and its mails, and a refusal and a trap to theirs, with nothing the visitor wrote", async () => {
    const visitor = {
      name: "Núria Vidal Ferrer",
      email: "nuria.vidal@example.net",
      phone: "612 345 678",
      subject: "Baño con ducha de obra",
      message: "Queremos cambiar la bañera por una ducha a ras de suelo.",
      form_fill_ms: 45_000,
    };
    const stored = await send("/api/contacts", visitor);
    expect(stored.status).toBe(201);
    const { reference } = await stored.json();
    const refused = await send("/api/contacts", {
      ...visitor,
      email: "nuria.vidal@example",
      subject: "",
    });
    expect(refused.status).toBe(422);
    // Her password manager filled the hidden field with her address: a trap, answered as sent.
    const trapped = await send("/api/contacts", {
      ...visitor,
      subject: "Otra cosa",
      website: visitor.email,
    });
    expect(trapped.status).toBe(201);

    const leadLines = () => server.lines().filter((l) => l.msg === "contacts: lead stored");
    const mailLines = () =>
      server.lines().filter((l) => l.msg === "mail: written to a file" && "contact" in l);
    await vi.waitFor(() => expect(mailLines()).toHaveLength(2), { timeout: 10_000 });
    expect(leadLines()).toEqual([
      expect.objectContaining({
        level: 30,
        id: stored.headers.get("x-request-id"),
        contact: expect.any(Number),
        reference,
        photos: 0,
      }),
    ]);
    const contact = leadLines()[0]?.contact;
    // The notice to the office and the confirmation to the visitor, each with its outbox row,
    // in whichever order the two deliveries finish.
    expect(mailLines().map(({ to, contact, message }) => ({ to, contact, message }))).toEqual(
      expect.arrayContaining([
        { to: maskEmail(company.email), contact, message: expect.any(Number) },
        { to: "n***@example.net", contact, message: expect.any(Number) },
      ]),
    );
    expect(server.lines().filter((l) => l.msg === "contacts: request refused")).toEqual([
      expect.objectContaining({
        level: 30,
        id: refused.headers.get("x-request-id"),
        fields: ["email", "subject"],
      }),
    ]);
    expect(
      server.lines().filter((l) => l.msg === "contacts: caught by a spam trap, nothing stored"),
    ).toEqual([
      expect.objectContaining({
        level: 30,
        id: trapped.headers.get("x-request-id"),
        trap: "website",
        fill_ms: 45_000,
      }),
    ]);

    const everything = server.output();
    for (const written of [
      visitor.name,
      "Vidal",
      visitor.email,
      "nuria.vidal@example",
      visitor.phone,
      visitor.subject,
      visitor.message,
    ]) {
      expect(everything).not.toContain(written);
    }
  });

  it("writes the newsletter's confirmation and unsubscribe links without their tokens", async () => {
    const subscriber = "pau.serra@example.org";
    const mails = () => readdirSync(path.join(dataDir, "mail")).length;
    const paths: Record<string, string> = {};
    const record = async (answer: Promise<Response>) => {
      const response = await answer;
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(400);
      return response.headers.get("x-request-id") ?? "";
    };
    // Counted before each request: the outbox may write its mail before the answer is read.
    const beforeSubscribing = mails();
    expect((await send("/api/subscriptions", { email: subscriber })).status).toBe(201);
    const confirmLink = await linkInMail(
      beforeSubscribing + 1,
      /\/newsletter\/confirmar\?token=[\w-]+/,
    );
    const confirmToken = confirmLink.split("=").at(-1) as string;
    // The mail's link opened, then its button: the page's script posts the token in JSON.
    paths[await record(send(confirmLink))] = "/newsletter/confirmar?token=[redacted]";
    const beforeConfirming = mails();
    paths[await record(send("/api/subscriptions/confirm", { token: confirmToken }))] =
      "/api/subscriptions/confirm";
    // The welcome mail's way out, by the page and by a mail program's one-click button.
    const leaveLink = await linkInMail(beforeConfirming + 1, /\/newsletter\/baja\?token=[\w-]+/);
    const leaveToken = leaveLink.split("=").at(-1) as string;
    paths[await record(send(leaveLink))] = "/newsletter/baja?token=[redacted]";
    const oneClick = fetch(`${server.base}/api/subscriptions/unsubscribe?token=${leaveToken}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    paths[await record(oneClick)] = "/api/subscriptions/unsubscribe?token=[redacted]";

    const accessLines = () =>
      server.lines().filter((l) => l.msg === "request" && Object.hasOwn(paths, String(l.id)));
    await vi.waitFor(() => expect(accessLines()).toHaveLength(4), { timeout: 5_000 });
    for (const line of accessLines()) expect(line.path).toBe(paths[String(line.id)]);
    const everything = server.output();
    for (const secret of [confirmToken, leaveToken, subscriber]) {
      expect(everything).not.toContain(secret);
    }
  });
});
