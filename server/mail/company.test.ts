// Decision 245: the mails speak for the company staff published in «Empresa», as the pages do.
import { afterAll, describe, expect, it } from "vitest";
import { companyFacts, defaultCompanyRecord } from "../../content/company.ts";
import { currentConsentVersion } from "../../content/newsletter.ts";
import type { SiteContentReader } from "../../content/site-content.ts";
import { createMailedTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { refreshMailCompany } from "./company.ts";
import { renderMail } from "./layout.ts";

describe.skipIf(skipDatabase)("the company the mails speak for", () => {
  const t = perSuite(() => createMailedTestApp());
  // The files after this one in its worker share its modules (vitest.config.ts): back to defaults.
  afterAll(() =>
    refreshMailCompany({
      get: async () => companyFacts(defaultCompanyRecord),
    } as SiteContentReader),
  );

  it("is the published trade name, legal name and address, once a super admin saves them", async () => {
    const first = await t.post("/api/subscriptions", {
      email: "antes@example.test",
      consent_version: currentConsentVersion,
    });
    expect(first.status).toBe(201);
    expect((await t.peer.waitForMail(to("antes@example.test"))).subject).toBe(
      "Confirma tu suscripción al boletín de Obra Mediterránea",
    );

    const token = await signIn(t.db, (await createUser(t.db, { role: "super_admin" })).id);
    const opened = await json(await t.get("/api/admin/company", token));
    const record = {
      ...defaultCompanyRecord,
      name: "Reformas <Turia>",
      legalName: "Reformas Turia Obra y Diseño, S.L.",
      offices: [{ ...defaultCompanyRecord.offices[0], street: "Carrer de Sueca, 21" }],
    };
    const saved = await t.request(
      "POST",
      "/api/admin/company",
      { record, version: opened.version },
      token,
    );
    expect(saved.status).toBe(200);

    // The publish's NOTIFY reaches this instance; the next mail is written with the new facts.
    await expect
      .poll(
        () =>
          renderMail({ to: "x@example.test", subject: "s", greeting: "Hola:", paragraphs: [] })
            .text,
      )
      .toContain("El equipo de Reformas <Turia>");
    const after = await t.post("/api/subscriptions", {
      email: "despues@example.test",
      consent_version: currentConsentVersion,
    });
    expect(after.status).toBe(201);
    const mail = await t.peer.waitForMail(to("despues@example.test"));
    expect(mail.subject).toBe("Confirma tu suscripción al boletín de Reformas <Turia>");
    // In the HTML the name is text, not markup.
    expect(mail.html).toContain("Reformas &lt;Turia&gt;</p>");
    // A commercial mail's sender identity (LSSI-CE art. 20) is the saved legal name and office.
    const commercial = renderMail({
      to: "x@example.test",
      subject: "Boletín",
      greeting: "Hola:",
      paragraphs: [],
      unsubscribe: "https://obra.test/baja",
    });
    expect(commercial.text).toContain("Reformas Turia Obra y Diseño, S.L., Carrer de Sueca, 21");
  });
});
