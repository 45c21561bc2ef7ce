/**
 * docs/deploy.md's scale-out section, followed literally: Debian's nginx (TLS, the guide's site
 * block) in front of two instances of the production build on one PostgreSQL database and one
 * Redis, with the guide's instance settings. Needs the build (`npm test` runs it after building).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { company } from "../../content/company.ts";
import { writeNginxConf } from "../support/nginx-conf.ts";
import { freePorts } from "../support/ports.ts";
import { adminUrl, databaseUrl } from "../support/postgres.ts";
import { localNginxSite, readDeployGuide } from "./deploy-guide.ts";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const guide = readDeployGuide();
const databaseName = `obra_deploy_${process.pid}`;
/** A Redis database of its own, emptied first: throttle windows of earlier runs stay out. */
const redisUrl = "redis://127.0.0.1:6379/7";

const tlsAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 16 });

/**
 * One HTTPS request through nginx, for the site's canonical name (its TLS name and Host) unless
 * `host` says another: status, headers and parsed JSON body (when JSON).
 */
function throughProxy(
  base: string,
  target: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    host?: string;
    localAddress?: string;
  } = {},
): Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }> {
  const host = init.host ?? guide.canonicalHost;
  return new Promise((resolve, reject) => {
    // JSON, unless the body is already bytes (a form, with its own content-type header).
    const payload =
      init.body === undefined || Buffer.isBuffer(init.body) ? init.body : JSON.stringify(init.body);
    const request = https.request(
      `${base}${target}`,
      {
        method: init.method ?? "GET",
        agent: init.localAddress ? undefined : tlsAgent,
        rejectUnauthorized: false,
        servername: host,
        localAddress: init.localAddress,
        headers: {
          host,
          ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          if (/json/.test(response.headers["content-type"] ?? "")) body = JSON.parse(text);
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

interface Instance {
  port: number;
  child: ChildProcess;
}

/**
 * `npm run serve` with the guide's settings, as systemd would start it (own process group), and
 * ready as the guide's step 3 says: /readyz answers 200. Counted only once the server itself
 * has said it listens on this port (its "Listening on" line): until then an answer on the port
 * may be another process's, and the instance may yet fail to listen (CI once counted a
 * still-draining server's answers for its successor's; this machine also runs other tests
 * that take free ports from the same range).
 */
async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn("npm", ["run", "serve", "--silent"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const listeningLine = `"msg":"Listening on 127.0.0.1 only, http://127.0.0.1:${port}"`;
  let output = "";
  let listens = false;
  // Read to the end, kept only until the line: a full pipe would stop the server's writes.
  child.stdout?.on("data", (chunk: Buffer) => {
    if (listens) return;
    output += chunk;
    listens = output.includes(listeningLine);
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode})`);
    const ready =
      listens &&
      (await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      ));
    if (ready) return { port, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${port} never became ready`);
}

/** Whether any process of the group `leader` started is still running. */
function groupRuns(leader: ChildProcess): boolean {
  try {
    process.kill(-(leader.pid as number), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * systemd's stop: SIGTERM to the unit's whole process group, then wait until every process of
 * it has exited, the server's drain included, as systemd does. npm, the group's leader, exits
 * at once; the server stops listening first and answers what it has, on nginx's kept-alive
 * connections too, before it exits. Neither npm's exit nor a free port is the end of the stop.
 */
async function stopInstance(instance: Instance) {
  if (!groupRuns(instance.child)) return;
  process.kill(-(instance.child.pid as number), "SIGTERM");
  await vi.waitFor(() => expect(groupRuns(instance.child)).toBe(false), {
    timeout: 30_000,
    interval: 100,
  });
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
/** Outside CI a machine without PostgreSQL skips this, loudly (as the API tests do). */
const postgresAvailable = await postgresAnswers();
if (!postgresAvailable)
  console.warn("No PostgreSQL on 127.0.0.1:5432: the deploy test is skipped.");

describe.skipIf(!postgresAvailable && !process.env.CI)("docs/deploy.md scale-out", () => {
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  let proxyBase = "";
  let plainBase = "";
  let prefix = "";
  let instanceEnv: Record<string, string> = {};
  const ports: number[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();

    prefix = mkdtempSync(path.join(os.tmpdir(), "obra-deploy-"));
    const [httpPort, httpsPort, ...instancePorts] = await freePorts(2 + guide.instancePorts.length);
    ports.push(...instancePorts);
    // Requests name the guide's own host (TLS name and Host header): nginx's default servers
    // refuse any other. APP_URL stays the guide's too.
    proxyBase = `https://127.0.0.1:${httpsPort}`;
    plainBase = `http://127.0.0.1:${httpPort}`;
    instanceEnv = {
      ...guide.instanceEnv,
      DATABASE_URL: databaseUrl(databaseName),
      REDIS_URL: redisUrl,
      DATA_DIR: path.join(prefix, "data"),
    };

    // The guide's separate migration step, then both instances at once.
    execFileSync("npm", ["run", "db:migrate", "--silent"], {
      cwd: root,
      env: { ...process.env, ...instanceEnv },
      stdio: ["ignore", "ignore", "inherit"],
    });
    instances.push(...(await Promise.all(ports.map((port) => startInstance(port, instanceEnv)))));

    const cert = path.join(prefix, "cert.pem");
    const key = path.join(prefix, "key.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-keyout",
        key,
        "-out",
        cert,
      ],
      { stdio: "ignore" },
    );
    const site = localNginxSite(guide.nginxSite, {
      ports: new Map(guide.instancePorts.map((from, i) => [from, ports[i] as number])),
      http: httpPort as number,
      https: httpsPort as number,
      cert,
      key,
      logs: prefix,
      build: buildDir,
    });
    const conf = writeNginxConf(prefix, site);
    nginx = spawn("/usr/sbin/nginx", ["-c", conf, "-p", prefix], {
      stdio: "inherit",
    });
    await vi.waitFor(() => throughProxy(proxyBase, "/healthz"), { timeout: 30_000, interval: 100 });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx?.once("exit", r));
      nginx.kill("SIGQUIT");
      await gone;
    }
    tlsAgent.destroy();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  const direct = (i: number) => `http://127.0.0.1:${instances[i]?.port}`;
  const accessLog = () => readFileSync(path.join(prefix, "obra.access.log"), "utf8");

  /** Until nginx's access log has a line of a request it passed to `port` alone, from now on. */
  async function servedThroughNginx(port: number) {
    const from = accessLog().length;
    await vi.waitFor(
      () => expect(accessLog().slice(from)).toContain(` upstream=127.0.0.1:${port} `),
      { timeout: 30_000, interval: 100 },
    );
  }
  const post = (base: string, target: string, body: unknown, token?: string) =>
    fetch(`${base}${target}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const userStatus = (i: number, token: string) =>
    fetch(`${direct(i)}/api/user`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.status,
    );

  it("answers /readyz through nginx over TLS, to this machine only", async () => {
    const ready = await throughProxy(proxyBase, "/readyz");
    expect(ready.status).toBe(200);
    // Another address (the internet, for nginx): refused; /healthz says nothing and stays open.
    const elsewhere = { localAddress: "127.0.0.2" };
    expect((await throughProxy(proxyBase, "/readyz", elsewhere)).status).toBe(403);
    expect((await throughProxy(proxyBase, "/healthz", elsewhere)).status).toBe(200);
  });

  it("sends plain HTTP and the bare domain to the canonical https address, and nobody else anywhere", async () => {
    const plain = (host: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        http
          .get(`${plainBase}/services?desde=anuncio`, { headers: { host } }, (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          })
          .on("error", reject);
      });
    const canonical = `https://${guide.canonicalHost}/services?desde=anuncio`;
    expect(await plain(guide.canonicalHost)).toEqual({ status: 301, location: canonical });
    expect(await plain(guide.bareHost)).toEqual({ status: 301, location: canonical });
    // Any other Host: the connection is closed, no redirect to wherever it named.
    await expect(plain("phishing.example")).rejects.toThrow(/socket hang up|ECONNRESET/);

    const bare = await throughProxy(proxyBase, "/services?desde=anuncio", {
      host: guide.bareHost,
    });
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(canonical);
    // Over TLS, another name gets no certificate at all.
    await expect(throughProxy(proxyBase, "/", { host: "phishing.example" })).rejects.toThrow(
      /unrecognized name|handshake|alert/i,
    );
  });

  it("logs each request with the id the site gave it", async () => {
    const answer = await throughProxy(proxyBase, "/team");
    expect(answer.status).toBe(200);
    const id = String(answer.headers["x-request-id"] ?? "");
    expect(id).not.toBe("");
    // nginx writes the line after the answer; vi.waitFor's default second is short under load.
    await vi.waitFor(() => expect(accessLog()).toContain(`"GET /team HTTP/1.1" 200`), {
      timeout: 10_000,
    });
    const line = accessLog()
      .split("\n")
      .find((entry) => entry.includes("GET /team "));
    expect(line).toContain(`id=${id} `);
  });

  it("logs the links the site mails with their secrets masked, and staff searches without their words, asked for and as the page a visitor came from", async () => {
    const token = randomBytes(32).toString("base64url");
    const email = "lucia.fernandez@example.com";
    const site = `https://${guide.canonicalHost}`;
    // Each link as a mail carries it, and as the access log may show it.
    const links = [
      [`/verify-email/${token}`, "/verify-email/[redacted]"],
      [`/api/verify-email/${token}`, "/api/verify-email/[redacted]"],
      [`/change-password/${encodeURIComponent(email)}/${token}`, "/change-password/[redacted]"],
      [`/newsletter/confirmar?token=${token}`, "/newsletter/confirmar?token=[redacted]"],
      [
        `/newsletter/baja?utm_source=boletin&token=${token}`,
        "/newsletter/baja?utm_source=boletin&token=[redacted]",
      ],
      // A staff search names a person: its words are not kept either (decision 205).
      ["/admin/contacts/index?q=Erasmo%20Borrable", "/admin/contacts/index?q=[redacted]"],
      [
        "/api/admin/contacts?status=nuevo&q=611%20222%20333&token=x",
        "/api/admin/contacts?status=nuevo&q=[redacted]",
      ],
    ];
    for (const [link] of links) {
      // The page opened from the mail, then a file it loads, which names the page (Referer).
      await throughProxy(proxyBase, link as string);
      await throughProxy(proxyBase, "/favicon.ico", { headers: { referer: `${site}${link}` } });
    }
    // A mail program's one-click unsubscribe (RFC 8058): a POST, the token in the query.
    await throughProxy(proxyBase, `/api/subscriptions/unsubscribe?token=${token}`, {
      method: "POST",
      body: Buffer.from("List-Unsubscribe=One-Click"),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    await vi.waitFor(
      () =>
        expect(accessLog()).toContain(
          `"POST /api/subscriptions/unsubscribe?token=[redacted] HTTP/1.1"`,
        ),
      { timeout: 10_000 },
    );
    const written = accessLog();
    for (const [, logged] of links) {
      expect(written).toContain(`"GET ${logged} HTTP/1.1"`);
      expect(written).toContain(`"${site}${logged}"`);
    }
    expect(written).not.toContain(token);
    expect(written).not.toContain(encodeURIComponent(email));
    expect(written).not.toMatch(/Erasmo|611%20222/);
  });

  it("signs up on one instance, signs in on the other, and both see the sign-out", async () => {
    const email = `deploy-${process.pid}@example.com`;
    const password = "una frase bastante larga";
    const registered = await post(direct(0), "/api/register", {
      name: "Marta Deploy",
      email,
      password,
      password_confirmation: password,
    });
    expect(registered.status).toBe(201);
    const login = await post(direct(1), "/api/login", { email, password, remember: false });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect([await userStatus(0, token), await userStatus(1, token)]).toEqual([200, 200]);

    const logout = await fetch(`${direct(0)}/api/logout`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
    // The other instance hears of it through PostgreSQL's NOTIFY.
    let statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses = [await userStatus(0, token), await userStatus(1, token)];
      if (statuses.every((s) => s === 401)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses).toEqual([401, 401]);
  });

  it("shows the company details a super admin saves on both instances within 5 s, no restart (issue 35)", async () => {
    const credentials = {
      email: `sara-${process.pid}@example.test`,
      password: "tejado-azul-2026-deploy",
    };
    execFileSync(
      "npm",
      [
        "run",
        "user:create",
        "--silent",
        "--",
        "--name",
        "Sara Gil",
        "--email",
        credentials.email,
        "--password",
        credentials.password,
        "--role",
        "super_admin",
      ],
      {
        cwd: root,
        env: { ...process.env, ...instanceEnv },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    // user:create takes seconds: the instance may close the idle kept-alive socket just as the
    // POST is written (not retried, as a GET would be). Once more on a fresh one.
    const login = await vi.waitFor(
      () => post(direct(0), "/api/login", { ...credentials, remember: false }),
      { timeout: 5000, interval: 100 },
    );
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    // Every page kept by both instances first, as visitors would have left them.
    const pages = ["/", "/terms-and-conditions", "/contact"];
    for (const i of [0, 1]) for (const page of pages) await fetch(`${direct(i)}${page}`);
    const opened = (await (
      await fetch(`${direct(1)}/api/admin/company`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      record: { offices: Record<string, unknown>[] } & Record<string, unknown>;
      version: string;
      missing: string[];
    };
    expect(opened.missing).toContain("NIF/CIF");
    const record = {
      ...opened.record,
      legalName: "Reformas Turia Obra y Diseño, S.L.",
      nif: "B12345674",
      phone: "963 112 233",
      email: "oficina@reformasturia.es",
      offices: [
        {
          ...opened.record.offices[0],
          street: "Carrer de Sueca, 21",
          postalCode: "46006",
          phone: "963 112 233",
        },
      ],
    };
    const saved = await fetch(`${direct(1)}/api/admin/company`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ record, version: opened.version }),
    });
    expect(saved.status).toBe(200);
    const published = Date.now();
    // Both instances, and nginx in front of them: header and footer, legal notice, JSON-LD.
    for (const base of [direct(0), direct(1)]) {
      await vi.waitFor(
        async () => {
          const home = await (await fetch(`${base}/`)).text();
          expect(home).toContain("963 112 233");
          expect(home).toContain("Carrer de Sueca, 21");
          expect(home).toContain("Reformas Turia Obra y Diseño, S.L.");
          expect(home).toMatch(/"taxID":"B12345674"/);
          expect(home).not.toContain("960 000 000");
          const notice = await (await fetch(`${base}/terms-and-conditions`)).text();
          expect(notice).toContain("NIF: B12345674.");
          expect(notice).toContain("oficina@reformasturia.es");
        },
        { timeout: 5000, interval: 100 },
      );
    }
    const viaProxy = await throughProxy(proxyBase, "/contact");
    expect(String(viaProxy.body)).toContain("963 112 233");
    expect(Date.now() - published).toBeLessThan(5000);
  });

  it("shares throttles between instances, whatever X-Forwarded-For a visitor sends", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 23; n++) {
      const answer = await throughProxy(proxyBase, "/api/contacts", {
        method: "POST",
        headers: { "x-forwarded-for": `10.9.8.${n}` },
        body: {
          name: `Visitante ${n}`,
          email: `visitante${n}@example.com`,
          phone: "",
          subject: "Presupuesto",
          message: `Quiero reformar el baño número ${n}.`,
        },
      });
      statuses.push(answer.status);
    }
    // nginx takes turns between the instances: one count in Redis for the real address.
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429]);
  });

  it("takes the contact form sent before the page's script ran, photos past nginx's 1 MB default included", async () => {
    // The throttle test above spent the quota of nginx's address, the one the site counts.
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
    // A photo of noise: JPEG cannot make it small, so the body is well past 1 MB.
    const width = 1400;
    const height = 1000;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Visitante sin script",
      phone: "600 000 000",
      subject: "Fachada con fotos",
      message: "Os mando una foto.",
    })) {
      form.append(name, value);
    }
    form.append("photos", new File([new Uint8Array(photo)], "fachada.jpg", { type: "image/jpeg" }));
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const answer = await throughProxy(proxyBase, "/contact", {
      method: "POST",
      body,
      headers: {
        "content-type": encoded.headers.get("content-type") ?? "",
        accept: "text/html",
        "x-forwarded-for": "10.9.9.1",
      },
    });
    expect(answer.status, String(answer.body)).toBe(201);
    expect(String(answer.body)).toMatch(/Tu referencia es <strong>OM-\d{4}-\d{5}<\/strong>/);
  });

  it("restarts instance by instance under load without one failed request", async () => {
    const failures: string[] = [];
    let answered = 0;
    let loading = true;
    const targets = ["/", "/services", "/api/nothing-here", "/readyz"];
    const worker = async (w: number) => {
      for (let i = w; loading; i++) {
        const target = targets[i % targets.length] as string;
        try {
          const { status } = await throughProxy(proxyBase, target);
          const expected = target === "/api/nothing-here" ? 404 : 200;
          if (status !== expected) failures.push(`${target}: ${status}`);
          else answered++;
        } catch (error) {
          failures.push(`${target}: ${(error as Error).message}`);
        }
      }
    };
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await vi.waitFor(() => expect(answered).toBeGreaterThan(20), { timeout: 30_000 });
    // Each step waits for what it waits for, never for a time: the stop for every process of
    // the instance to end, the start for its readiness, and then nginx to have passed the load
    // to it before the next one stops.
    for (let i = 0; i < instances.length; i++) {
      const old = instances[i] as Instance;
      await stopInstance(old);
      instances[i] = await startInstance(old.port, instanceEnv);
      await servedThroughNginx(old.port);
    }
    loading = false;
    await load;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  }, 180_000);

  // Last: it stops every instance (afterAll finds them stopped).
  it("shows the site's own page, in Spanish with the phone, while no instance answers", async () => {
    await Promise.all(instances.map(stopInstance));
    for (const request of [
      { target: "/services" },
      // A quote sent by the form before the page's script ran, as a restart ends it.
      {
        target: "/contact",
        method: "POST",
        body: Buffer.from("name=Ana&phone=600000000&message=Reforma"),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      },
    ]) {
      const answer = await throughProxy(proxyBase, request.target, request);
      expect(answer.status, request.target).toBe(502);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      const page = String(answer.body);
      expect(page).toContain('<html lang="es">');
      expect(page).toContain("Estamos actualizando la web");
      expect(page).toContain(`href="${company.phoneHref}">Llámanos al ${company.phone}</a>`);
      expect(page).not.toContain("Bad Gateway");
    }
  });
});
