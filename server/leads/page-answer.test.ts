// The contact form posted by the browser itself, before the page's script ran (decision 162):
// over a real socket, as the server routes it (apiBeside), a post to /contact is the API's quote
// request answered with a page.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { currentConsentVersion } from "../../content/newsletter.ts";
import { perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import { contacts, leadPhotos, mailOutbox, subscriptions } from "../db/schema.ts";

/** What a browser sends for a page's form: its fields as multipart, an empty file input too. */
function pageForm(fields: Record<string, string>, photo?: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    "photos",
    photo
      ? new File([new Uint8Array(photo)], "baño.jpg", { type: "image/jpeg" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return form;
}

const navigation = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Sec-Fetch-Mode": "navigate",
};

describe.skipIf(skipDatabase)("the contact form sent without the page's script", () => {
  // The pages' own server beside the API: any other post to a page is still not a form it takes.
  const server = perSuite(() =>
    createListeningTestApp(
      { env: { CONTACT_NOTIFY_TO: "oficina@obra.test", TRUST_PROXY: "1" } },
      new Hono().all("*", (c) => c.text("página", 405)),
    ),
  );
  let ip = 0;
  const post = (form: FormData, headers: Record<string, string> = navigation) =>
    fetch(`${server.base}/contact`, {
      method: "POST",
      headers: { ...headers, "X-Forwarded-For": `198.51.100.${++ip}` },
      body: form,
    });

  it("stores the request, with its photo, mails staff and thanks the visitor with the reference", async () => {
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#c8b89a" },
    })
      .jpeg()
      .toBuffer();
    const res = await post(
      pageForm(
        {
          name: "Lucía <Martínez>",
          email: "",
          phone: "600 123 456",
          subject: "Reforma de cocina sin script",
          message: "Cocina de 9 m² en Valencia.",
          service: "",
          area: "Valencia",
          website: "",
        },
        photo,
      ),
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    const [lead] = await server.t.db
      .select()
      .from(contacts)
      .where(eq(contacts.subject, "Reforma de cocina sin script"));
    expect(lead).toMatchObject({
      name: "Lucía <Martínez>",
      phone: "600 123 456",
      area: "Valencia",
    });
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>¡Mensaje enviado!</h1>");
    expect(html).toContain(`Tu referencia es <strong>${lead?.reference}</strong>.`);
    expect(html).not.toContain("<Martínez>");
    expect(
      await server.t.db
        .select()
        .from(leadPhotos)
        .where(eq(leadPhotos.contact_id, lead?.id ?? 0)),
    ).toHaveLength(1);
    const notices = await server.t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "oficina@obra.test"));
    expect(notices.some((m) => m.subject.includes(lead?.reference ?? "-"))).toBe(true);
  });

  it("lists what to mend, field by field, stores nothing, and says the form still holds it all", async () => {
    const before = (await server.t.db.select().from(contacts)).length;
    const res = await post(
      pageForm({ name: "Pere", email: "", phone: "llámame", subject: "", message: "Hola." }),
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("<h1>Error de Validación</h1>");
    expect(html).toMatch(/<li><strong>Teléfono:<\/strong> [^<]*solo puede contener números/);
    expect(html).toMatch(/<li><strong>Asunto:<\/strong> /);
    expect(html).toContain("lo que escribiste sigue en el formulario");
    // No link to the form, which would open empty; Back keeps what was typed.
    expect(html).not.toContain('href="/contact"');
    expect(html).toContain("<title>Error de Validación | Obra Mediterránea</title>");
    expect(await server.t.db.select().from(contacts)).toHaveLength(before);
  });

  it("takes the form from an address with a query, and says when to try again once refused", async () => {
    // A visitor who came from a service page (/contact?servicio=…); the sixth request from one
    // address in ten minutes is refused, and the page keeps the API's Retry-After.
    const send = (i: number) =>
      fetch(`${server.base}/contact?servicio=reformas`, {
        method: "POST",
        headers: { ...navigation, "X-Forwarded-For": "203.0.113.77" },
        body: pageForm({
          name: "Ana",
          phone: "600 000 002",
          subject: `Obra ${i}`,
          message: "Hola.",
        }),
      });
    // The address's allowance (20 requests per 10 minutes; a form without script is multipart,
    // so its upload limit speaks first), then the refusal that keeps the lead.
    for (let i = 0; i < 20; i++) expect((await send(i)).status).toBe(201);
    const refused = await send(20);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    const page = await refused.text();
    expect(page).toContain("<h1>Demasiados intentos</h1>");
    expect(page).toContain("Hemos recibido muchas solicitudes desde tu conexión en pocos minutos.");
  });

  it("takes the footer's newsletter form posted by the browser itself: a pending sign-up and a page", async () => {
    const signUp = (body: string, type = "application/x-www-form-urlencoded") =>
      fetch(`${server.base}/`, {
        method: "POST",
        headers: { ...navigation, "Content-Type": type, "X-Forwarded-For": `198.51.100.${++ip}` },
        body,
      });
    const res = await signUp("page=%2Fteam&email=nuria.sin.script%40example.test");
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("<h1>Revisa tu correo</h1>");
    expect(html).toContain("Te hemos enviado un enlace para confirmar la suscripción.");
    const [row] = await server.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "nuria.sin.script@example.test"));
    expect(row).toMatchObject({ status: "pending", consent_page: "/team" });

    const refused = await signUp("page=%2F&email=no-es-un-correo");
    expect(refused.status).toBe(422);
    expect(await refused.text()).toMatch(/<li><strong>[^<]+:<\/strong> /);
    // Any other post to the home page is still not a form it takes.
    expect((await signUp('{"email":"a@example.test"}', "application/json")).status).toBe(405);
    expect((await signUp(`email=${"a".repeat(5000)}`)).status).toBe(405);
  });

  it("takes the confirm and unsubscribe buttons posted by the browser itself, and answers with a page", async () => {
    // The link pages' <Form method="post"> without its script: an empty URL-encoded post to the
    // page's own address, token in the query.
    const press = (path: string, type = "application/x-www-form-urlencoded") =>
      fetch(`${server.base}${path}`, {
        method: "POST",
        headers: { ...navigation, "Content-Type": type, "X-Forwarded-For": `198.51.100.${++ip}` },
        body: "",
      });
    const confirmToken = generateToken();
    const [row] = await server.t.db
      .insert(subscriptions)
      .values({
        email: "sin.script@example.test",
        consent_version: currentConsentVersion,
        confirm_token_hash: hashToken(confirmToken),
      })
      .returning();
    const stored = async () =>
      (
        await server.t.db
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.id, row?.id ?? 0))
      )[0];

    const confirmed = await press(`/newsletter/confirmar?token=${confirmToken}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const confirmedPage = await confirmed.text();
    expect(confirmedPage).toContain("<h1>Suscripción confirmada</h1>");
    expect(confirmedPage).toContain("<title>Suscripción confirmada | Obra Mediterránea</title>");
    expect(confirmedPage).toContain("Cada correo trae un enlace para darte de baja.");
    const subscribed = await stored();
    expect(subscribed?.status).toBe("confirmed");

    const leave = await press(`/newsletter/baja/?token=${subscribed?.unsubscribe_token}`);
    expect(leave.status).toBe(200);
    const leftPage = await leave.text();
    expect(leftPage).toContain("<h1>Baja confirmada</h1>");
    expect(leftPage).toContain("No volverás a recibir nuestro boletín en esta dirección.");
    expect((await stored())?.status).toBe("unsubscribed");

    const forged = await press(`/newsletter/baja?token=${generateToken()}`);
    expect(forged.status).toBe(400);
    const forgedPage = await forged.text();
    expect(forgedPage).toContain("<h1>Enlace no válido</h1>");
    // Nothing was typed on these pages: no talk of a form kept by the Back button.
    expect(forgedPage).not.toContain("formulario");
    expect((await press("/newsletter/confirmar")).status).toBe(400);

    // Any other post to these pages is still the pages' own answer.
    expect((await press("/newsletter/baja?token=x", "application/json")).status).toBe(405);
    expect((await press("/newsletter/bajas?token=x")).status).toBe(405);
  });

  it("leaves the page's script and other API clients their JSON, and other pages' posts alone", async () => {
    const json = await post(
      pageForm({ name: "Ana", phone: "600 000 001", subject: "Con script", message: "Hola." }),
      { Accept: "*/*" },
    );
    expect(json.status).toBe(201);
    expect(await json.json()).toMatchObject({ title: "¡Mensaje enviado!" });
    const other = await fetch(`${server.base}/team`, { method: "POST", headers: navigation });
    expect(other.status).toBe(405);
    expect(await other.text()).toBe("página");
  });
});
