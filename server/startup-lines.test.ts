import path from "node:path";
import { describe, expect, it } from "vitest";
import { company, placeholders } from "../content/company.ts";
import { parseEnv } from "./env.ts";
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

  it("say where mail goes: the mail folder when no SMTP server is set", () => {
    const lines = texts(startupLines(env()));
    expect(lines).toContain(
      `Mail: no SMTP_URL, written as .eml files to ${path.resolve("/srv/obra/data", "mail")}`,
    );
  });

  it("say where lead notices go: CONTACT_NOTIFY_TO, or else the company's public address", () => {
    expect(texts(startupLines(env({ CONTACT_NOTIFY_TO: "oficina@obra.test" })))).toContain(
      "Lead notices: to oficina@obra.test (CONTACT_NOTIFY_TO)",
    );
    expect(texts(startupLines(env()))).toContain(
      `Lead notices: to ${company.email} (company e-mail in content/company.ts; set CONTACT_NOTIFY_TO to change)`,
    );
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
    const warnings = startupLines(env()).filter((line) => line.level === "warn");
    expect(warnings).toHaveLength(1);
    const warning = warnings[0]?.message ?? "";
    const [heading, ...listed] = warning.split("\n");
    expect(heading).toMatch(/^content\/company\.ts still holds \d+ placeholder values/);
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
