// The privacy policy states figures the server owns (decisions 168, 179): a change to one of them
// fails here until the policy says the same. The data stored per form are checked by reading the
// schema when the text changes; these are the numbers that drift.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { privacy } from "../content/legal/privacy.ts";
import { blockedConsentYears, pendingDays } from "../content/newsletter.ts";
import { photoRules } from "../content/quote-request.ts";
import { auditYears, leadRetention, mailCopyDays, yearsInWords } from "../content/retention.ts";
import { accessTokenLifetime } from "./auth/access-tokens.ts";
import { oneTimeTokenLifetimeMs } from "./auth/one-time-tokens.ts";
import { photoLimits } from "./leads/photos.ts";
import { loginLimits } from "./users/sign-in-limits.ts";

const text = privacy.sections
  .flatMap((section) => [section.heading, ...section.paragraphs, ...(section.list ?? [])])
  .join("\n");
const hours = (ms: number) => ms / 3_600_000;
const days = (ms: number) => hours(ms) / 24;
const inWords = ["cero", "una", "dos", "tres", "cuatro", "cinco", "seis"];

describe("the privacy policy says what the server does", () => {
  it("names the newsletter's periods: unconfirmed sign-ups, and ended consents kept blocked", () => {
    expect(text).toContain(`si no lo abres en ${pendingDays} días borramos tu dirección`);
    expect(text).toContain(`durante ${blockedConsentYears} años guardamos bloqueados`);
  });

  it("names how long links, sessions and known sign-in addresses last", () => {
    expect(text).toContain(`caducan a los ${oneTimeTokenLifetimeMs / 60_000} minutos`);
    expect(text).toContain(
      `las sesiones a las ${hours(accessTokenLifetime.session)} horas, o a los ${days(accessTokenLifetime.remembered)} días si marcas «Recordarme»`,
    );
    const known = loginLimits.knownAddress("a@example.test", "192.0.2.1").windowMs;
    expect(text).toContain(`recordamos durante ${days(known)} días las direcciones IP`);
    // Every other count by address or account lasts an hour at most.
    for (const counter of [
      loginLimits.emailAtAddress("a@example.test", "192.0.2.1"),
      loginLimits.address("192.0.2.1"),
      loginLimits.account("a@example.test"),
    ]) {
      expect(counter.windowMs).toBeLessThanOrEqual(3_600_000);
    }
    expect(text).toContain("durante una hora como mucho los envíos");
  });

  it("names how long leads, mail copies, the audit log and backups are kept", () => {
    // The figures the retention sweep computes from (server/retention.ts).
    expect(text).toContain(
      `Si no llegamos a contratar, la conservamos ${yearsInWords(leadRetention.notWonYears)} desde ese último movimiento`,
    );
    expect(text).toContain(`Si contratas, ${yearsInWords(leadRetention.wonYears)} desde él`);
    expect(text).toContain(`y las demás (las de tu cuenta) ${mailCopyDays} días después`);
    expect(text).toContain(`Cada anotación se borra a los ${auditYears} años`);
    // The deploy guide's nightly backup deletes the copies older than 14 days.
    const deploy = readFileSync(new URL("../docs/deploy.md", import.meta.url), "utf8");
    expect(deploy).toMatch(/-name obra-\*\.backup -mtime \+14 -delete/);
    expect(text).toContain(
      "copia de seguridad de la base de datos y la borramos a las dos semanas",
    );
  });

  it("describes the photos as they are kept", () => {
    expect(text).toContain(`Si adjuntas fotos o planos (hasta ${inWords[photoRules.maxFiles]})`);
    expect(text).toContain(`de ${photoLimits.fullSide} píxeles de lado como mucho`);
  });
});
