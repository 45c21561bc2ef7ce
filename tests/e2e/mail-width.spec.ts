// Every mail the site writes (server/mail/layout.ts) read on a phone: at 320 and 360 px its HTML
// part is no wider than the screen, whatever a visitor typed (long names, addresses, links,
// photo names without a space). The mails are built here, as the server builds them, and shown
// in Chromium the way a phone's mail app shows an HTML part: in a view as wide as the screen.
import { expect, test } from "@playwright/test";
import { contactNoticeMail } from "../../server/mail/contact-notice";
import { leadConfirmationMail } from "../../server/mail/lead-confirmation";
import { passwordResetMail } from "../../server/mail/password-reset-mail";
import { verificationMail } from "../../server/mail/verification-mail";
import { campaignMail } from "../../server/newsletter/campaigns";
import { newsletterConfirmationMail, newsletterWelcomeMail } from "../../server/newsletter/mails";

const appUrl = "https://obramediterranea.es";
const env = { APP_URL: appUrl, CONTACT_NOTIFY_TO: "oficina@obramediterranea.es" };

/** A request with every detail, each as long as the form lets a visitor make it. */
const lead = {
  name: "María de los Ángeles Fernández-Villaverde y Martínez de la Cruz",
  email: "mariadelosangeles.fernandezvillaverde.reformas2026@correo-electronico-largo.example.es",
  phone: "+34 612 345 678",
  subject: "Reforma integral de un piso de 120 m² con cambio de distribución y terraza",
  message:
    "Hola:\nOs dejo el anuncio del piso: https://www.idealista.com/inmueble/123456789/fotos/cocina-salon-comedor-terraza-vistas-al-mar?utm_source=compartir\nGracias.",
  service: "reformas-integrales",
  area: "Comunidad Valenciana",
  postcode: "46004",
  property_type: "hotel",
  surface_m2: 120,
  budget: "60000-120000",
  start_window: "cuanto-antes",
  contact_channel: "whatsapp",
  contact_time: "cualquiera",
};
const photos = [
  `IMG_20260115_123456789_HDR_portrait_mode_${"x".repeat(50)}.jpg`,
  "plano-planta-baja-con-cotas-definitivas-version-final-de-verdad.png",
];
const link = `${appUrl}/verify-email/${"a1B2c3D4".repeat(8)}`;
const unsubscribe = { page: `${appUrl}/newsletter/unsubscribe/token`, oneClick: `${appUrl}/api/x` };

const mails = {
  "the staff notice of a lead": contactNoticeMail(
    { ...lead, id: 12, reference: "OM-2026-00012", photos },
    env,
  ),
  "the staff notice of a lead with only a phone": contactNoticeMail(
    { ...lead, email: null, id: 13, reference: "OM-2026-00013" },
    env,
  ),
  "the visitor's confirmation": leadConfirmationMail(lead, "OM-2026-00012", env, photos.length),
  "the address check": verificationMail({ name: lead.name, email: lead.email }, link),
  "the password reset": passwordResetMail({ name: lead.name, email: lead.email }, link),
  "the newsletter's confirmation": newsletterConfirmationMail(lead.email, link),
  "the newsletter's welcome": newsletterWelcomeMail(lead.email, unsubscribe),
  "a campaign": campaignMail(
    {
      subject: "Ideas para tu cocina",
      body: "## Cocinas abiertas al salón\n\nMira https://obramediterranea.es/service/reformas/reformas-de-cocinas?utm_campaign=boletin-enero-2027 y escríbenos.",
    },
    lead.email,
    appUrl,
    "token",
  ),
};

for (const width of [320, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const [name, mail] of Object.entries(mails)) {
      test(`${name} is no wider than the screen`, async ({ page }) => {
        await page.setContent(mail.html);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
      });
    }
  });
}
