// The admin's «Empresa» (decision 245): one record, admins and super admins only, every field
// checked with a Spanish 422 on it, every save audited and published to the public pages.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCompanyRecord } from "../../content/company.ts";
import { createTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { adminAudit, companyRecord } from "../db/schema.ts";

/** A real company's details, every placeholder replaced. */
const filledIn = {
  ...defaultCompanyRecord,
  legalName: "Reformas Turia Obra y Diseño, S.L.",
  nif: "B12345674",
  registry: {
    office: "Registro Mercantil de Valencia",
    tomo: "10234",
    folio: "87",
    hoja: "V-176543",
    inscription: "1.ª",
  },
  offices: [
    {
      street: "Carrer de Sueca, 21",
      postalCode: "46006",
      city: "Valencia",
      province: "Valencia",
      lat: 39.4585,
      lng: -0.3769,
      phone: "963 112 233",
      hours: "De lunes a viernes, de 8:00 a 18:00",
    },
  ],
  phone: "963 112 233",
  whatsapp: "34612345678",
  email: "oficina@reformasturia.es",
  social: [{ name: "Instagram", url: "https://www.instagram.com/reformasturia" }],
  warranty: "2 años en mano de obra y 10 en estructura.",
  insurance: { insurer: "Mapfre", cover: "600.000 €" },
  certifications: ["ISO 9001"],
  foundedYear: 2008,
};

describe.skipIf(skipDatabase)("the admin's company record", () => {
  const t = perSuite(() => createTestApp());
  let superAdmin: string;
  let admin: string;
  let guest: string;

  const put = (token: string, body: unknown) =>
    t.request("POST", "/api/admin/company", body, token);

  beforeAll(async () => {
    superAdmin = await signIn(
      t.db,
      (await createUser(t.db, { role: "super_admin", name: "Sara" })).id,
    );
    admin = await signIn(t.db, (await createUser(t.db, { role: "admin", name: "Ana" })).id);
    guest = await signIn(t.db, (await createUser(t.db, { role: "guest_user", name: "Gema" })).id);
  });

  it("starts from content/company.ts and lists each placeholder still published", async () => {
    const res = await t.get("/api/admin/company", admin);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.saved).toBe(false);
    expect(body.record).toEqual(defaultCompanyRecord);
    expect(body.missing).toEqual(
      expect.arrayContaining([
        "Razón social",
        "NIF/CIF",
        "Teléfono principal",
        "Ubicación en el mapa",
      ]),
    );
    expect(body.provinces).toContain("Valencia");
  });

  it("refuses guest staff and strangers, and writes nothing", async () => {
    expect((await t.get("/api/admin/company", guest)).status).toBe(403);
    expect((await put(guest, { record: filledIn })).status).toBe(403);
    expect((await t.get("/api/admin/company")).status).toBe(401);
    expect((await put("", { record: filledIn })).status).toBe(401);
    const [row] = await t.db.select().from(companyRecord);
    expect(row?.facts).toBeNull();
  });

  it("answers each wrong field with a Spanish 422 on it, and stores nothing", async () => {
    const office = filledIn.offices[0] as (typeof filledIn.offices)[number];
    const res = await put(admin, {
      record: {
        ...filledIn,
        nif: "B12345678",
        offices: [
          { ...office, postalCode: "4600" },
          { ...office, postalCode: "28001" },
          { ...office, postalCode: "99001" },
          { ...office, lat: 48.85, lng: 2.35 },
        ],
        email: "no-es-correo",
        social: [{ name: "Web antigua", url: "http://reformas.example" }],
      },
    });
    expect(res.status).toBe(422);
    const { errors, field_titles } = await json(res);
    // Each refused field by the name the form shows it under, never the record's inner path.
    expect(field_titles).toMatchObject({
      nif: "NIF/CIF",
      "offices.0.postalCode": "Oficina principal · Código postal",
      "offices.3.lat": "Oficina 4 · Latitud",
      "social.0.url": "Redes sociales",
    });
    expect(errors["social.0.url"]).toEqual([
      "«Dirección de la red social» debe ser una dirección que empiece por https://.",
    ]);
    expect(errors.nif).toEqual([
      "El NIF/CIF no es válido: revisa sus cifras y su carácter de control (por ejemplo, B12345674).",
    ]);
    expect(errors["offices.0.postalCode"]).toEqual([
      "El código postal debe tener 5 cifras y empezar por el de una provincia (01 a 52).",
    ]);
    expect(errors["offices.1.postalCode"]).toEqual([
      "El código postal 28001 es de Madrid, no de Valencia.",
    ]);
    expect(errors["offices.2.postalCode"]).toHaveLength(1);
    expect(errors["offices.3.lat"]).toEqual([
      "Las coordenadas quedan fuera de España: revisa la latitud y la longitud.",
    ]);
    expect(errors.email).toEqual(["«Correo electrónico» no es una dirección válida."]);
    const [row] = await t.db.select().from(companyRecord);
    expect(row?.facts).toBeNull();
  });

  it("saves the whole record for a super admin, audits it and empties the checklist", async () => {
    const opened = await json(await t.get("/api/admin/company", superAdmin));
    const res = await put(superAdmin, {
      record: {
        ...filledIn,
        nif: "b-12345674",
        // As copied from the browser's address bar, with no https://.
        social: [...filledIn.social, { name: "Facebook", url: "facebook.com/reformasturia" }],
      },
      version: opened.version,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.saved).toBe(true);
    expect(body.record.nif).toBe("B12345674");
    expect(body.record.social[1].url).toBe("https://facebook.com/reformasturia");
    expect(body.missing).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "company"), eq(adminAudit.action, "update")))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    expect(entry?.actor_name).toBe("Sara");
    expect((entry?.before as Json | undefined)?.nif).toBe("B00000000");
    expect((entry?.after as Json | undefined)?.nif).toBe("B12345674");
    expect((entry?.details as Json | undefined)?.changed).toEqual(
      expect.arrayContaining(["nif", "legalName", "offices"]),
    );
    // What the public pages read, through the site content.
    await expect.poll(async () => (await t.deps.siteContent.get("company")).nif).toBe("B12345674");
    expect((await t.deps.siteContent.get("company")).address.street).toBe("Carrer de Sueca, 21");
  });

  it("refuses with 409 a form opened before a colleague's save, keeping the colleague's", async () => {
    const stale = await json(await t.get("/api/admin/company", admin));
    const fresh = await json(await t.get("/api/admin/company", superAdmin));
    expect(
      (
        await put(superAdmin, {
          record: { ...fresh.record, phone: "963 445 566" },
          version: fresh.version,
        })
      ).status,
    ).toBe(200);
    const res = await put(admin, {
      record: { ...stale.record, phone: "963 778 899" },
      version: stale.version,
    });
    expect(res.status).toBe(409);
    expect((await json(res)).title).toBe("Registro modificado");
    const [row] = await t.db.select().from(companyRecord);
    expect(row?.facts?.phone).toBe("963 445 566");
  });
});
