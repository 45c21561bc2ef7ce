import { describe, expect, it } from "vitest";
import { company } from "../../content/company.ts";
import { contactNoticeMail } from "./contact-notice.ts";
import { escapeHtml, headerSafe } from "./layout.ts";
import { leadConfirmationMail } from "./lead-confirmation.ts";
import { passwordResetMail } from "./password-reset-mail.ts";
import { verificationMail } from "./verification-mail.ts";

const env = {
  APP_URL: "https://obramediterranea.es",
  CONTACT_NOTIFY_TO: "oficina@obramediterranea.es",
  MAIL_FROM: "Obra Mediterránea <no-reply@obramediterranea.es>",
};

const link = "https://obramediterranea.es/verify-email/abc_DEF-123";

describe("account mails", () => {
  it("greets by name in Spanish and carries the link in both parts", () => {
    const mail = verificationMail({ name: "Lucía", email: "lucia@example.com" }, link);
    expect(mail.to).toBe("lucia@example.com");
    expect(mail.subject).toBe("Confirma tu correo electrónico en Obra Mediterránea");
    expect(mail.text).toContain("Hola, Lucía:");
    expect(mail.text).toContain(`Confirmar mi correo:\n${link}`);
    expect(mail.text).toContain("caduca en 60 minutos");
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain('<html lang="es">');
  });

  it("escapes a user's name in the HTML part and keeps it readable in the text part", () => {
    const name = `<img src=x onerror="alert(1)"> & 'Co'`;
    const mail = passwordResetMail({ name, email: "x@example.com" }, link);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;",
    );
    expect(mail.text).toContain(`Hola, ${name}:`);
    expect(mail.subject).toBe("Cambia tu contraseña de Obra Mediterránea");
  });

  it("escapes a link that would break out of its attribute", () => {
    const mail = verificationMail({ name: "A", email: "a@example.com" }, 'https://x.es/"><script>');
    expect(mail.html).not.toContain('"><script>');
  });
});

describe("contact notice", () => {
  const contact = {
    name: "Hotel <Costa> Blanca",
    email: "reservas@hotelcostablanca.es",
    phone: "+34 965 000 000",
    subject: "Reforma de 40 habitaciones\r\nBcc: victima@example.com",
    message: "Hola:\nQueremos reformar los baños.\n<script>alert(1)</script>",
  };

  it("goes to CONTACT_NOTIFY_TO with every field, escaped, and a link to the admin list", () => {
    const mail = contactNoticeMail(contact, env);
    expect(mail.to).toBe("oficina@obramediterranea.es");
    expect(mail.subject).toBe(
      "Solicitud de presupuesto · Hotel <Costa> Blanca · Reforma de 40 habitaciones Bcc: victima@example.com",
    );
    expect(mail.replyTo).toBe("reservas@hotelcostablanca.es");
    expect(mail.text).toContain("Teléfono: +34 965 000 000");
    expect(mail.text).toContain(
      "Puedes responderle en reservas@hotelcostablanca.es o llamarle al +34 965 000 000.",
    );
    expect(mail.text).toContain("https://obramediterranea.es/admin/contacts/index");
    expect(mail.html).toContain("Hotel &lt;Costa&gt; Blanca");
    expect(mail.html).toContain("Queremos reformar los baños.<br>&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
  });

  it("links to the request's own page in the panel once it is stored", () => {
    const mail = contactNoticeMail({ ...contact, id: 42, reference: "OM-2026-00042" }, env);
    expect(mail.text).toContain("https://obramediterranea.es/admin/contacts/detail/42");
    expect(mail.html).toContain('href="https://obramediterranea.es/admin/contacts/detail/42"');
    expect(mail.text).not.toContain("/admin/contacts/index");
  });

  it("without CONTACT_NOTIFY_TO goes to the company's public address, never the sending one", () => {
    const mail = contactNoticeMail(
      { name: "Ana", subject: "Cocina", message: "Presupuesto", email: null, phone: "600 111 222" },
      { ...env, CONTACT_NOTIFY_TO: undefined },
    );
    expect(mail.to).toBe(company.email);
    expect(mail.to).not.toContain("no-reply");
    expect(mail.text).toContain("Correo: No lo ha indicado");
    expect(mail.text).toContain("Puedes llamarle al 600 111 222.");
  });

  it("keeps a right-to-left override in a visitor's text from turning staff's sentences around", () => {
    const mail = contactNoticeMail(
      { ...contact, name: "Ana \u202Eaicnelav", subject: "Baño \u202Eodnagoba" },
      env,
    );
    // The subject keeps the words, without the override; the name stays as typed, fenced in.
    expect(mail.subject).toBe("Solicitud de presupuesto · Ana aicnelav · Baño odnagoba");
    expect(mail.text).toContain(
      "\u2068Ana \u202Eaicnelav\u2069 ha escrito desde el formulario de contacto de la web.",
    );
    expect(mail.text).toContain("Nombre: \u2068Ana \u202Eaicnelav\u2069\n");
    // A name without such controls is left exactly as it was.
    expect(contactNoticeMail(contact, env).text).toContain("Hotel <Costa> Blanca ha escrito");
  });

  it("links the visitor's address, phone and WhatsApp in the HTML part, and keeps the text part plain", () => {
    const mail = contactNoticeMail(
      {
        ...contact,
        phone: "612 345 678",
        contact_channel: "whatsapp",
        id: 12,
        reference: "OM-2026-00012",
      },
      env,
    );
    expect(mail.html).toContain('href="tel:+34612345678"');
    expect(mail.html).toContain('href="https://wa.me/34612345678"');
    expect(mail.html).toContain(
      'href="mailto:reservas@hotelcostablanca.es?subject=Tu%20solicitud%20de%20presupuesto%20OM-2026-00012"',
    );
    expect(mail.text).toContain("Teléfono: 612 345 678\n");
    expect(mail.text).toContain("Ha pedido que le contactes por WhatsApp.");
    expect(mail.text).not.toMatch(/tel:|wa\.me|mailto:/);
  });

  it("offers WhatsApp for a landline or a foreign number only when the visitor asked for it", () => {
    const landline = contactNoticeMail(contact, env);
    expect(landline.html).toContain('href="tel:+34965000000"');
    expect(landline.html).not.toContain("wa.me");
    const abroad = { ...contact, phone: "+44 7700 900123" };
    expect(contactNoticeMail(abroad, env).html).not.toContain("wa.me");
    expect(contactNoticeMail({ ...abroad, contact_channel: "whatsapp" }, env).html).toContain(
      'href="https://wa.me/447700900123"',
    );
  });

  it("names the request, its service and the visitor in a subject that reads well replied to", () => {
    const mail = contactNoticeMail(
      { ...contact, name: "Núria Vidal", service: "reformas-de-banos", reference: "OM-2026-00012" },
      env,
    );
    // What the visitor reads as "Re: …" when staff answer with Reply.
    expect(mail.subject).toBe(
      "Solicitud de presupuesto OM-2026-00012 · Reforma de baños · Núria Vidal · Reforma de 40 habitaciones Bcc: victima@example.com",
    );
    expect(mail.subject).not.toMatch(/mensaje de contacto/i);
  });

  it("names the service once when the visitor's subject already names it", () => {
    const lead = { ...contact, name: "Núria Vidal", service: "reformas-de-banos" };
    // The form starts the subject with the service's name: the subject alone then says it.
    for (const subject of ["Reforma de baños", "reforma de banos", "Reforma de baños en Gràcia"]) {
      const mail = contactNoticeMail({ ...lead, subject, reference: "OM-2026-00012" }, env);
      expect(mail.subject).toBe(
        `Solicitud de presupuesto OM-2026-00012 · Núria Vidal · ${subject}`,
      );
    }
  });

  it("tells staff how the status follows, in the status's own words", () => {
    const mail = contactNoticeMail({ ...contact, id: 12, reference: "OM-2026-00012" }, env);
    // Staff change a status in the panel; nothing there is called «atendido».
    expect(mail.text).not.toMatch(/márcalo|atendido/);
    expect(mail.text).toContain(
      "Si le respondes desde el panel, la solicitud pasa a «Contactado»; si le llamas o le escribes desde tu correo, cambia su estado en el panel.",
    );
  });

  it("shortens a very long subject line: the reference stays, a long name and subject are cut", () => {
    const mail = contactNoticeMail(
      { ...contact, name: "n".repeat(100), subject: "a".repeat(500), reference: "OM-2026-00012" },
      env,
    );
    expect(mail.subject.length).toBeLessThanOrEqual(150);
    expect(mail.subject).toMatch(/^Solicitud de presupuesto OM-2026-00012 · n{39}… · a+…$/);
  });

  it("tells staff first that a visitor who left only a phone cannot be answered by Reply", () => {
    const mail = contactNoticeMail(
      { ...contact, email: null, phone: "612 345 678", reference: "OM-2026-00012" },
      env,
    );
    expect(mail.replyTo).toBeUndefined();
    expect(
      mail.text.startsWith(
        "Solo ha dejado un teléfono: si respondes a este correo, no le llegará. Llámale al 612 345 678 o escríbele por WhatsApp.\n\nHola:",
      ),
    ).toBe(true);
    const body = mail.html.slice(mail.html.indexOf("<body"));
    expect(body.indexOf("Solo ha dejado un teléfono")).toBeLessThan(body.indexOf("Hola:"));
    expect(body).toContain('Llámale al <a href="tel:+34612345678"');
    // With an address, no such warning.
    expect(contactNoticeMail(contact, env).text).not.toContain("Solo ha dejado un teléfono");
  });
});

describe("the photos of a request, in both mails", () => {
  const photos = ["fachada.jpg", "patio.jpg", "plano.png"];
  const lead = {
    name: "Ana",
    email: "ana@example.com",
    phone: "",
    subject: "Fachada",
    message: "Pintar la fachada.",
  };

  it("are called what they are, received and not attached: named to staff, counted to the visitor", () => {
    const notice = contactNoticeMail({ ...lead, reference: "OM-2026-00012", photos }, env);
    const confirmation = leadConfirmationMail(lead, "OM-2026-00012", env, photos.length);
    expect(notice.text).toContain(
      "Fotos recibidas: fachada.jpg\n                 patio.jpg\n                 plano.png\n",
    );
    expect(notice.html).toContain("fachada.jpg<br>patio.jpg<br>plano.png");
    // A file's name is the sender's text, and the visitor's address is not proven (205).
    expect(confirmation.text).toContain("Fotos recibidas: 3\n");
    expect(confirmation.text + confirmation.html).not.toContain("fachada");
    for (const mail of [notice, confirmation]) {
      expect(mail.text + mail.html).not.toContain("adjuntas:");
    }
  });
});

describe("the visitor's confirmation", () => {
  const lead = { name: "Ana", email: "ana@example.com", subject: "Cocina", message: "Presupuesto" };

  it("links the company's phone, e-mail and website in the HTML part, plain in the text part", () => {
    const mail = leadConfirmationMail(lead, "OM-2026-00012", env);
    expect(mail.html).toContain(`<a href="${company.phoneHref}"`);
    expect(mail.html).toContain(
      `<a href="mailto:${company.email}?subject=Mi%20solicitud%20OM-2026-00012"`,
    );
    expect(mail.html).toContain('<a href="https://obramediterranea.es/"');
    expect(mail.text).toContain(
      `Si necesitas algo antes, llámanos al ${company.phone} o escríbenos a ${company.email}. Puedes ver nuestros servicios en obramediterranea.es.`,
    );
    expect(mail.text).not.toMatch(/tel:|mailto:/);
  });

  it("keeps the reference whole on a phone's line, and plain in the text part", () => {
    const mail = leadConfirmationMail(lead, "OM-2026-00012", env);
    // A phone's mail app cut it at a hyphen: «OM-» on one line, «2026-00012» on the next.
    expect(mail.html).toContain(
      'con la referencia <span style="white-space:nowrap">OM-2026-00012</span>; menciónala',
    );
    expect(mail.text).toContain("con la referencia OM-2026-00012; menciónala");
  });
});

describe("helpers", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });

  it("turns every line break and control character in a header into a space", () => {
    expect(headerSafe("Hola\r\nBcc: x@y.z\u2028\tfin ")).toBe("Hola Bcc: x@y.z fin");
    expect(headerSafe("Presupuesto \u202Eadoc\u2066 x\u2069")).toBe("Presupuesto adoc x");
  });
});
