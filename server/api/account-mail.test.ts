import { describe, expect, it } from "vitest";
import { goodPassword } from "../../tests/support/accounts.ts";
import { createMailedTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { type ReceivedMail, to } from "../../tests/support/smtp.ts";

/** The one link in a received mail's text part that points into the site. */
function siteLink(mail: ReceivedMail): URL {
  const links = (mail.text ?? "").match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((l) => l.startsWith("https://obra.test/"));
  if (!link) throw new Error(`no site link in: ${mail.text}`);
  return new URL(link);
}

describe.skipIf(skipDatabase)("account mail end to end, through a real SMTP server", () => {
  const t = perSuite(() => createMailedTestApp({ env: { APP_URL: "https://obra.test" } }));

  it("register, receive the mail, open its link: the account is verified", async () => {
    const email = "marta.soler@example.com";
    const res = await t.post("/api/register", {
      name: "Marta <b>Soler</b>",
      email,
      password: goodPassword,
      password_confirmation: goodPassword,
    });
    const { token } = await res.json();

    const mail = await t.peer.waitForMail(to(email));
    expect(mail.subject).toBe("Confirma tu correo electrónico en Obra Mediterránea");
    expect(mail.text).toContain("Hola, Marta <b>Soler</b>:");
    expect(mail.html).toContain("Hola, Marta &lt;b&gt;Soler&lt;/b&gt;:");
    expect(mail.html).not.toContain("<b>Soler</b>");
    const link = siteLink(mail);
    expect(link.pathname).toMatch(/^\/verify-email\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.href}"`);

    const verified = await t.get(`/api${link.pathname}`);
    expect(verified.status).toBe(200);
    const { user } = await (await t.get("/api/user", token)).json();
    expect(user.email_verified_at).not.toBeNull();
  });

  it("forgot password, receive the mail, reset: the new password works and the old one does not", async () => {
    const email = "pere.vidal@example.com";
    const oldPassword = "muro-de-carga-1987";
    const newPassword = "bóveda-catalana-2026";
    await t.post("/api/register", {
      name: "Pere Vidal",
      email,
      password: oldPassword,
      password_confirmation: oldPassword,
    });

    expect((await t.post("/api/forgot-password", { email })).status).toBe(200);
    const mail = await t.peer.waitForMail(
      (m) => to(email)(m) && m.subject === "Cambia tu contraseña de Obra Mediterránea",
    );
    const link = siteLink(mail);
    const [, screen, mailedEmail, token] = link.pathname.split("/");
    expect(screen).toBe("change-password");
    expect(decodeURIComponent(mailedEmail as string)).toBe(email);

    const reset = await t.post("/api/reset-password", {
      email: decodeURIComponent(mailedEmail as string),
      token,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.status).toBe(200);
    expect((await t.post("/api/login", { email, password: oldPassword })).status).toBe(401);
    expect((await t.post("/api/login", { email, password: newPassword })).status).toBe(200);
  });
});
