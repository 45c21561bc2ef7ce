/**
 * docs/deploy.md's scale-out section, followed literally: Debian's nginx (TLS, the guide's site
 * block) in front of two instances of the production build on one PostgreSQL database and one
 * Redis, with the guide's instance settings. Needs the build (`npm test` runs it after building).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { Redis } from "ioredis";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { company } from "../../content/company.ts";
import {
  guide,
  type Instance,
  noPostgres,
  redisUrl,
  type ScaleOut,
  startInstance,
  startScaleOut,
  stopInstance,
  throughProxy,
} from "./scale-out-setup.ts";

describe.skipIf(noPostgres)("docs/deploy.md scale-out", () => {
  let setup: ScaleOut;
  let instances: Instance[] = [];
  let proxyBase = "";
  let plainBase = "";
  let instanceEnv: Record<string, string> = {};

  beforeAll(async () => {
    setup = await startScaleOut("scale");
    ({ instances, proxyBase, plainBase, instanceEnv } = setup);
  }, 180_000);

  afterAll(() => setup?.stop(), 60_000);

  const direct = (i: number) => setup.direct(i);
  const accessLog = () => setup.accessLog();

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
