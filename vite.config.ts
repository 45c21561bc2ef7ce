import { execSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { imagePipeline } from "./scripts/images/vite-plugin.ts";
import { unavailablePage, unavailablePageName } from "./scripts/unavailable-page.ts";
import { checkEnv, configErrorExitCode } from "./server/env.ts";

// Every setting is checked before the build does anything: a wrong one would be found minutes
// later, or never (APP_URL is baked into the pages). One line each, as the server says them.
const { problems } = checkEnv();
if (problems) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(configErrorExitCode);
}

/** What the start-up log line calls the version: the commit built, marked if it had changes. */
function buildVersion(): string {
  try {
    const commit = execSync("git describe --always --dirty", {
      stdio: ["ignore", "pipe", "ignore"],
    });
    return `${commit.toString().trim()} built ${new Date().toISOString().slice(0, 10)}`;
  } catch {
    return `built ${new Date().toISOString().slice(0, 10)}`;
  }
}

/** The operator's commands, built beside the server so a production install runs them without
 * tsx (scripts/run.mjs picks build/server/<name>.js). */
const commandEntries = {
  "user-create": "./scripts/user-create.ts",
  "db-migrate": "./scripts/db-migrate.ts",
  "db-backup": "./scripts/db-backup.ts",
  "db-restore": "./scripts/db-restore.ts",
  "newsletter-consent": "./scripts/newsletter-consent.ts",
  "leads-remind": "./scripts/leads-remind.ts",
};

/**
 * The Hono server is a second entry of the SSR build, beside React Router's own, so both share
 * one copy of every module (context keys match by identity); the operator's commands are more.
 * React Router names every SSR entry index.js; this keeps the others' names stable:
 * build/server/server.js, build/server/user-create.js… The migrations are copied beside them
 * (build/server/migrations), so a build runs without the source tree. Beside the server, the
 * page nginx shows while no instance answers (build/nginx/, docs/deploy.md).
 */
function honoServerEntry(): Plugin {
  return {
    name: "hono-server-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    options(options) {
      const input = options.input as string | undefined;
      return {
        ...options,
        input: {
          index: input ?? "virtual:react-router/server-build",
          server: "./server/index.ts",
          ...commandEntries,
        },
      };
    },
    outputOptions(output) {
      return {
        ...output,
        entryFileNames: (chunk) => (chunk.name === "index" ? "index.js" : `${chunk.name}.js`),
      };
    },
    writeBundle(output) {
      if (!output.dir) return;
      const migrations = path.join(output.dir, "migrations");
      rmSync(migrations, { recursive: true, force: true });
      cpSync(fileURLToPath(new URL("./server/db/migrations", import.meta.url)), migrations, {
        recursive: true,
      });
      const nginx = path.join(output.dir, "..", "nginx");
      mkdirSync(nginx, { recursive: true });
      writeFileSync(path.join(nginx, unavailablePageName), unavailablePage());
    },
  };
}

/**
 * Fewer, larger browser chunks (docs/decisions/042). Left alone, the bundler makes one chunk per
 * shared module, so a public page asked for ~23 scripts; over HTTP/1.1 (six connections per
 * origin) each wave of six costs a round trip before the page can hydrate. Two groups (plus the
 * bundler's own ~1 KB runtime chunk, which it always keeps apart once groups are used):
 * - framework: React, React DOM, React Router and their runtime dependencies, used by every page;
 * - site: the components, helpers and content modules the public pages share.
 * What only account and admin screens use (components, helpers, head texts, field labels), the field parts of
 * forms (components/form-field, for /contact, account and admin screens), and the quote
 * request's fields and choices (content/quote-fields.ts), draft, photo shrinking and upload progress that only /contact uses, stay in automatic chunks, so visitors never load it, and so does the carousel engine, loaded on demand (042).
 * A component only one public page draws (legal-page: the three legal pages' one route; map-embed:
 * /team) goes into that page's route chunk, no extra request: every other page loads ~1.1 KB less
 * (decision 042). The photo lightbox (components/lightbox/) loads with /gallery and a project's
 * page only, the two pages that open it (issue 35, decision 269). The staff home (components/
 * staff-home, lazy on /dashboard) and the admin's project fields (content/project-fields) stay out
 * too: a group takes in what its modules import, and those pull in the service catalogue
 * (content/services, 34 KB of source, which the public pages read in their loaders only). The
 * quote form's service choices, steps, questions, provinces and funnel, which /contact and the admin's
 * «Fuentes» or the company's defaults share,
 * likewise: an admin screen counts as one of the "two pages" that `minShareCount` asks for.
 */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
const NOT_SITE =
  /[\\/](app[\\/](components[\\/](account[\\/]|lightbox[\\/]|carousel-engine|form-field|legal-page|map-embed|newsletter-link-page|staff-home)|lib[\\/](account-forms|access-layout|photo-shrink|private-image|quote-draft|quote-retry|upload-progress)\.)|content[\\/](account-fields|account-pages|company-fields|lead-photos|lead-reply|list-tools|my-requests|office-clock|project-fields|provinces|quote-fields|quote-funnel|quote-request|quote-steps|service-choices|service-questions|services|staff-home|time-ago)\.)/;
const SITE = /[\\/](app[\\/](components|lib)|content)[\\/]/;

function clientChunks(): Plugin {
  return {
    name: "client-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(output) {
      return {
        ...output,
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 2 },
            {
              name: "site",
              test: (id: string) => SITE.test(id) && !NOT_SITE.test(id),
              // Only what two pages or more share: a module one route alone uses (the quote
              // form's funnel, the service catalogue its questions read) goes with that route.
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      };
    },
  };
}

/**
 * React Router's package sends every bundler to its development build, whose warnings and
 * "Hey developer" texts are kept in the browser's framework chunk (remix-run/react-router#14102).
 * The browser build takes the production build that ships beside it (the same code with
 * ENABLE_DEV_WARNINGS false): every page loads ~550 B less (decision 124). The server keeps the
 * package's own resolution: its bundle imports react-router at run time, as do @react-router/*,
 * and two copies there would not share their contexts.
 */
const routerProductionBuild = {
  "react-router": "dist/production/index.mjs",
  "react-router/dom": "dist/production/dom-export.mjs",
} as const;

function browserRouterProductionBuild(): Plugin {
  const packageDir = path.dirname(fileURLToPath(import.meta.resolve("react-router/package.json")));
  return {
    name: "browser-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      const file = routerProductionBuild[source as keyof typeof routerProductionBuild];
      return file ? path.join(packageDir, file) : null;
    },
  };
}

/**
 * Build-time site settings read by app/lib/site.ts: pre-rendered pages carry canonical URLs and
 * the Google tag id in their HTML, so they are fixed at build (docs/decisions/036, 037).
 */
const siteDefines = {
  __SITE_URL__: JSON.stringify(process.env.APP_URL || "http://localhost:3000"),
  __GA_MEASUREMENT_ID__: JSON.stringify(process.env.GA_MEASUREMENT_ID ?? ""),
  __ADS_CONVERSION_SEND_TO__: JSON.stringify(process.env.ADS_CONVERSION_SEND_TO ?? ""),
};

export default defineConfig(({ command }) => ({
  // The version only in a build: in development it would change with every edit.
  define:
    command === "build"
      ? { ...siteDefines, __APP_VERSION__: JSON.stringify(buildVersion()) }
      : siteDefines,
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    imagePipeline(),
    tailwindcss(),
    reactRouter(),
    honoServerEntry(),
    clientChunks(),
    browserRouterProductionBuild(),
  ],
}));
