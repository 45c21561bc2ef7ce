import path from "node:path";
import { describe, expect, it } from "vitest";
import { company, placeholders } from "../content/company.ts";
import { meantSetting, parseEnv, straySettings } from "./env.ts";
import { lowDiskLines, placeholdersInPlace, startupLines } from "./startup-lines.ts";

const env = (values: Record<string, string> = {}) =>
  parseEnv({ DATA_DIR: "/srv/obra/data", NODE_ENV: "production", ...values });
const texts = (lines: { message: string }[]) => lines.map((line) => line.message);

describe("start-up lines", () => {
  it("say where mail goes: the SMTP server without its credentials", () => {
    const lines = texts(startupLines(env({ SMTP_URL: "smtps://ana:s3creta@smtp.obra.test:465" })));
    expect(lines).toContain("Mail: sent through SMTP server smtp.obra.test:465 (smtps)");
    expect(lines.join("\n")).not.toMatch(/ana|s3creta/);
  });

  it("say where mail goes: the mail folder when no SMTP server is set, a warning in production", () => {
    const folder = path.resolve("/srv/obra/data", "mail");
    expect(startupLines(env({ NODE_ENV: "development" }))).toContainEqual({
      level: "info",
      message: `Mail: no SMTP_URL, written as .eml files to ${folder}`,
    });
    expect(startupLines(env())).toContainEqual({
      level: "warn",
      message: `Mail: no SMTP_URL, written as .eml files to ${folder}: nobody receives them, neither the office's lead notices nor visitors' sign-up and password links. Set SMTP_URL.`,
    });
  });

  it("say where lead notices go: CONTACT_NOTIFY_TO, or else the company's address, a warning in production while it is the placeholder", () => {
    expect(startupLines(env({ CONTACT_NOTIFY_TO: "oficina@obra.test" }))).toContainEqual({
      level: "info",
      message: "Lead notices: to oficina@obra.test (CONTACT_NOTIFY_TO)",
    });
    expect(startupLines(env({ NODE_ENV: "development" }))).toContainEqual({
      level: "info",
      message: `Lead notices: to ${company.email} (company e-mail in content/company.ts; set CONTACT_NOTIFY_TO to change)`,
    });
    expect(company.email).toBe(placeholders.email);
    expect(startupLines(env())).toContainEqual({
      level: "warn",
      message: `Lead notices: to ${placeholders.email}, the placeholder e-mail in content/company.ts: nobody at the company may read them. Set CONTACT_NOTIFY_TO to the mailbox that answers quote requests.`,
    });
  });

  it("warn, first, of variables meant for the site that it ignores, with the setting meant", () => {
    const stray = straySettings(
      { SMTP_ULR: "smtp://correo.obra.test", DATABSE_URL: "postgres://db/obra", FOO: "1" },
      { CONTACT_NOTIFY: "oficina@obra.test", HOME: "/root", PGSSLMODE: "require" },
    );
    const lines = startupLines(env({ NODE_ENV: "development" }), undefined, stray);
    expect(lines.slice(0, 4)).toEqual([
      {
        level: "warn",
        message:
          "SMTP_ULR in .env is not a setting of this site and is ignored: did you mean SMTP_URL?",
      },
      {
        level: "warn",
        message:
          "DATABSE_URL in .env is not a setting of this site and is ignored: did you mean DATABASE_URL?",
      },
      { level: "warn", message: "FOO in .env is not a setting of this site and is ignored" },
      {
        level: "warn",
        message:
          "CONTACT_NOTIFY in the environment is not a setting of this site and is ignored: did you mean CONTACT_NOTIFY_TO?",
      },
    ]);
    expect(lines[4]?.message).toMatch(/^Mail: /);
  });

  it("tell misspelt settings from other programs' variables", () => {
    expect(meantSetting("smtp_url")).toBe("SMTP_URL");
    expect(meantSetting("SMTP_HOST")).toBe("SMTP_URL");
    expect(meantSetting("PROT")).toBe("PORT");
    expect(meantSetting("HOME")).toBeUndefined();
    expect(meantSetting("TERM")).toBeUndefined();
    // Settings of the site's own tools and of libraries it uses are no stray ones.
    expect(
      straySettings(
        { BUILD_DIR: "build", PGSSLMODE: "require", MALLOC_ARENA_MAX: "1", NODE_OPTIONS: "" },
        { HOSTNAME: "obra", MAIL: "/var/mail/obra", LOGNAME: "obra", DATABASE_URL: "" },
      ),
    ).toEqual([]);
  });

  it("warn a production start whose APP_URL is not the one the build baked into the pages", () => {
    const warned = (values: Record<string, string>, built?: string) =>
      texts(startupLines(env(values), built)).filter((line) => line.startsWith("APP_URL"));
    expect(warned({ APP_URL: "https://www.obra.test" }, "http://localhost:3000")).toEqual([
      "APP_URL is https://www.obra.test, but this build was made for http://localhost:3000: the pre-rendered pages' canonical links, the sitemap and the social previews name http://localhost:3000, and mails name https://www.obra.test. Rebuild with the production APP_URL set (npm run build).",
    ]);
    expect(warned({ APP_URL: "https://www.obra.test/" }, "https://www.obra.test")).toEqual([]);
    expect(warned({ APP_URL: "https://www.obra.test" })).toEqual([]);
    expect(warned({ APP_URL: "http://x.test", NODE_ENV: "development" }, "http://y.test")).toEqual(
      [],
    );
  });

  it("warn a production start of every placeholder still in content/company.ts", () => {
    const warnings = startupLines(env()).filter((line) =>
      line.message.startsWith("The company record still holds"),
    );
    expect(warnings).toHaveLength(1);
    const warning = warnings[0]?.message ?? "";
    const [heading, ...listed] = warning.split("\n");
    expect(heading).toMatch(/^The company record still holds \d+ placeholder values/);
    expect(listed).toHaveLength(Number(heading?.match(/\d+/)?.[0]));
    expect(listed).toContain(`  nif: ${placeholders.nif}`);
    expect(listed).toContain(`  registry.tomo: ${placeholders.registry.tomo}`);
    expect(listed).toContain(`  registry.folio: ${placeholders.registry.folio}`);
    expect(listed).toContain(`  registry.hoja: ${placeholders.registry.hoja}`);
    expect(listed).toContain(`  phone: ${placeholders.phone}`);
    expect(listed).toContain(`  social.0.url: ${placeholders.social[0].url}`);
    // Facts that are no stand-ins are not listed.
    expect(warning).not.toMatch(/yearsOfExperience|areasServed|social\.0\.name|region/);
  });

  it("list only the placeholders left: a replaced value is not warned about", () => {
    const real = {
      ...company,
      nif: "B12345678",
      registry: { ...company.registry, tomo: "12345" },
    };
    const fields = placeholdersInPlace(real, placeholders).map((p) => p.field);
    expect(fields).not.toContain("nif");
    expect(fields).not.toContain("registry.tomo");
    expect(fields).toContain("registry.hoja");
    expect(placeholdersInPlace(real, { nif: "B12345678" })).toEqual([
      { field: "nif", value: "B12345678" },
    ]);
  });

  it("say nothing once only values a real company may share are left (as the admin's checklist)", () => {
    const real = {
      ...company,
      legalName: "Reformas Turia, S.L.",
      nif: "B12345674",
      registry: { ...company.registry, tomo: "10234", folio: "87", hoja: "V-172345" },
      address: { ...company.address, street: "Carrer de Sueca, 45" },
      phone: "961 234 567",
      phoneHref: "tel:+34961234567",
      whatsapp: "34654321098",
      email: "info@reformasturia.es",
      social: [{ name: "Instagram", url: "https://www.instagram.com/reformasturia" }],
      map: {
        lat: 39.4628,
        lng: -0.3757,
        embedUrl: "https://www.openstreetmap.org/export/embed.html",
      },
    };
    // Still «Registro Mercantil de Valencia», «1.ª», Valencia 46004 and 2010: all true of it.
    expect(placeholdersInPlace(real, placeholders).length).toBeGreaterThan(0);
    const warned = startupLines(env(), undefined, [], real).filter((line) =>
      line.message.startsWith("The company record still holds"),
    );
    expect(warned).toEqual([]);
  });

  it("say nothing of placeholders outside production", () => {
    const lines = startupLines(env({ NODE_ENV: "development" }));
    expect(lines.filter((line) => line.level === "warn")).toEqual([]);
  });
});

describe("start-up lines of a disk short of space (decision 174)", () => {
  const megabytes = 1024 * 1024;

  it("warn of each disk under 200 MB free, naming the folder and the free space", () => {
    expect(
      lowDiskLines(env(), { dataDir: 150.7 * megabytes, uploads: 12 * megabytes }, "/var/tmp"),
    ).toEqual([
      {
        level: "warn",
        message:
          "DATA_DIR /srv/obra/data: 150 MB free on its disk, under 200 MB: quote requests are stored without their photos, and a full disk stops the embedded database; make room (/readyz shows the free space)",
      },
      {
        level: "warn",
        message:
          "The temporary folder /var/tmp (TMPDIR): 12 MB free on its disk, under 200 MB: quote requests are stored without their photos; make room (/readyz shows the free space)",
      },
    ]);
  });

  it("say nothing of a disk with room, or whose space cannot be read", () => {
    expect(lowDiskLines(env(), { dataDir: 200 * megabytes }, "/var/tmp")).toEqual([]);
    expect(lowDiskLines(env(), {}, "/var/tmp")).toEqual([]);
  });
});
