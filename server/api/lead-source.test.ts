// Issue 36 (decision 260): each lead keeps where it came from; click ids only with advertising
// consent; a value that is not at most 200 printable characters is dropped, never stored.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { contacts } from "../db/schema.ts";

let serial = 0;
const request = (more: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: "Marta Soler",
    email: `marta${serial}@example.test`,
    phone: "600 123 456",
    subject: `Reforma de baño ${serial}`,
    message: "Queremos cambiar la bañera por un plato de ducha.",
    ...more,
  };
};

const campaign = {
  landing_page: "/service/reformas/reformas-de-banos",
  referrer_domain: "www.google.es",
  utm_source: "google",
  utm_medium: "cpc",
  utm_campaign: "banos-valencia",
  utm_term: "reforma baño valencia",
  utm_content: "anuncio-1",
  gclid: "TeSt-gclid_123",
  gbraid: "0AAAAA-gbraid",
  wbraid: "CjwKC-wbraid",
};

describe.skipIf(skipDatabase)("where a lead came from", () => {
  const t = perSuite(() => createTestApp());
  const send = (body: unknown) => t.post("/api/contacts", body, undefined, uniqueIp());
  const lead = async (subject: string) =>
    (await t.db.select().from(contacts).where(eq(contacts.subject, subject)))[0];

  it("keeps SPEC's five-field call as it was: stored, with no source", async () => {
    const body = request();
    const res = await send(body);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    expect(await lead(body.subject)).toMatchObject({
      landing_page: null,
      utm_source: null,
      gclid: null,
      source_channel: null,
      user_id: null,
    });
  });

  it("keeps the landing page, the referrer's domain, the UTM values and, with consent, the click ids", async () => {
    const body = request({ ...campaign, ad_consent: "granted" });
    expect((await send(body)).status).toBe(201);
    expect(await lead(body.subject)).toMatchObject({
      ...campaign,
      referrer_domain: "google.es",
      source_channel: "google_ads",
    });
  });

  it("keeps no click id without advertising consent, and the rest as ever", async () => {
    for (const consent of [undefined, "denied", "true", false]) {
      const body = request({ ...campaign, ad_consent: consent });
      expect((await send(body)).status).toBe(201);
      expect(await lead(body.subject)).toMatchObject({
        utm_source: "google",
        utm_campaign: "banos-valencia",
        gclid: null,
        gbraid: null,
        wbraid: null,
        // Google by its UTM values alone: a paid click from Google all the same.
        source_channel: "google_ads",
      });
    }
  });

  it("drops a value over 200 characters or with a control character, and still stores the lead", async () => {
    const body = request({
      landing_page: `/${"a".repeat(200)}`,
      referrer_domain: "evil.example/\u0000",
      utm_source: "x".repeat(201),
      utm_medium: "cpc\u0007",
      utm_campaign: "c".repeat(200),
      utm_term: "\u202Eoculto",
      utm_content: "   ",
      gclid: "g".repeat(201),
      gbraid: ["array"],
      wbraid: { nested: "object" },
      ad_consent: "granted",
    });
    const res = await send(body);
    expect(res.status).toBe(201);
    expect(await lead(body.subject)).toMatchObject({
      landing_page: null,
      referrer_domain: null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: "c".repeat(200),
      utm_term: null,
      utm_content: null,
      gclid: null,
      gbraid: null,
      wbraid: null,
      // A campaign's name alone says nothing of where the visit came from.
      source_channel: null,
    });
  });

  it("keeps only the path of the landing page and the host of the referrer", async () => {
    const body = request({
      landing_page: "/contact?utm_source=x&email=ana@example.test#top",
      referrer_domain: "https://www.Facebook.com/some/post?fbclid=1",
    });
    expect((await send(body)).status).toBe(201);
    expect(await lead(body.subject)).toMatchObject({
      landing_page: "/contact",
      referrer_domain: "facebook.com",
      source_channel: "redes_sociales",
    });
  });

  it("sorts leads into channels", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ landing_page: "/" }, "directo"],
      [{ landing_page: "/", referrer_domain: "duckduckgo.com" }, "buscadores"],
      [{ landing_page: "/", referrer_domain: "arquitectura-blog.es" }, "otras_webs"],
      [{ landing_page: "/", utm_source: "boletin", utm_medium: "email" }, "correo"],
      [{ landing_page: "/", utm_source: "facebook", utm_medium: "cpc" }, "anuncios"],
    ];
    for (const [source, channel] of cases) {
      const body = request(source);
      expect((await send(body)).status).toBe(201);
      expect((await lead(body.subject))?.source_channel).toBe(channel);
    }
  });

  it("reads a form posted without its script from the page's own address, never a click id", async () => {
    const form = new FormData();
    const body = request();
    for (const [name, value] of Object.entries(body)) form.append(name, value);
    const res = await t.app.request("/api/contacts", {
      method: "POST",
      headers: {
        "X-Forwarded-For": uniqueIp(),
        Referer: "http://localhost:3000/contact?utm_source=folleto&utm_campaign=feria&gclid=X1",
      },
      body: form,
    });
    expect(res.status).toBe(201);
    expect(await lead(body.subject)).toMatchObject({
      landing_page: "/contact",
      utm_source: "folleto",
      utm_campaign: "feria",
      gclid: null,
      source_channel: "campanas",
    });
  });

  it("takes nothing from another site's address", async () => {
    const form = new FormData();
    const body = request();
    for (const [name, value] of Object.entries(body)) form.append(name, value);
    const res = await t.app.request("/api/contacts", {
      method: "POST",
      headers: {
        "X-Forwarded-For": uniqueIp(),
        Referer: "https://elsewhere.example/contact?utm_source=spoof",
      },
      body: form,
    });
    expect(res.status).toBe(201);
    expect(await lead(body.subject)).toMatchObject({ landing_page: null, utm_source: null });
  });
});
