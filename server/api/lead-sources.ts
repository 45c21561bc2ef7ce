import { type Context, Hono } from "hono";
import { sourceChannels } from "../../content/lead-sources.ts";
import { contactsResource } from "../admin/resources/contacts.ts";
import { recordAudit } from "../audit-log.ts";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import type { Dependencies } from "../dependencies.ts";
import { failValidation, noFieldErrors } from "../http-errors.ts";
import { conversionsCsv, offlineConversions } from "../lead-sources/offline-conversions.ts";
import { sourcesReport } from "../lead-sources/report.ts";
import { funnelCounts } from "../leads/funnel.ts";

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;
const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** This month, and the `back`-th month before it, as YYYY-MM (UTC is close enough for a default). */
function monthAgo(back: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return date.toISOString().slice(0, 7);
}

/** The last day of a month ("2026-02" → "2026-02-28"). */
function lastDayOf(month: string): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
}

const today = () => new Date().toISOString().slice(0, 10);

/** `from` and `to` of the query, checked against `pattern`, each with its default. */
function range(c: Context, pattern: RegExp, defaults: { from: string; to: string }, hint: string) {
  const asked = {
    from: c.req.query("from") || defaults.from,
    to: c.req.query("to") || defaults.to,
  };
  const errors = noFieldErrors();
  const valid = (value: string) => pattern.test(value) && !Number.isNaN(Date.parse(value));
  if (!valid(asked.from)) errors.from = [`Escribe la fecha «Desde» como ${hint}.`];
  if (!valid(asked.to)) errors.to = [`Escribe la fecha «Hasta» como ${hint}.`];
  if (!errors.from && !errors.to && asked.from > asked.to) {
    errors.to = ["La fecha «Hasta» no puede ser anterior a «Desde»."];
  }
  if (Object.keys(errors).length) failValidation(errors, undefined, { from: "Desde", to: "Hasta" });
  return asked;
}

/**
 * Where the leads came from, for staff of the contacts section (decisions 261, 262):
 * GET /api/admin/sources, the «Fuentes» report; GET /api/admin/sources/conversions, Google Ads'
 * offline-conversion file. Mounted before the generic admin, whose /:resource patterns would
 * otherwise answer these paths.
 */
export function createLeadSourcesRouter(deps: Dependencies) {
  const { db, env } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.get("/", async (c) => {
    requireStaff(c.var.user, contactsResource.key);
    const { from, to } = range(c, monthPattern, { from: monthAgo(11), to: monthAgo(0) }, "AAAA-MM");
    const rows = await sourcesReport(db, from, to);
    const funnel = await funnelCounts(db, `${from}-01`, lastDayOf(to));
    return c.json({ from, to, channels: sourceChannels, rows, funnel });
  });

  router.get("/conversions", async (c) => {
    requireStaff(c.var.user, contactsResource.key);
    const { from, to } = range(c, dayPattern, { from: today(), to: today() }, "AAAA-MM-DD");
    const quoted = c.req.query("quoted") === "1";
    const conversions = await offlineConversions(db, env, { from, to, quoted });
    const body = conversionsCsv(conversions);
    // Click ids leave the site: who took which, and for which days (decision 142).
    await recordAudit(db, c.var.user, {
      action: "export",
      resource: contactsResource.key,
      affected: body.split("\r\n").length - 2,
      details: { format: "google_ads_offline_conversions", from, to, quoted },
    });
    return new Response(body, {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="conversiones-google-ads-${from}-${to}.csv"`,
        "cache-control": "no-store",
      },
    });
  });

  return router;
}
