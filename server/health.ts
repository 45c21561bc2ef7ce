/**
 * Health of a running instance (docs/decisions/091), for systemd, nginx, a load balancer or a
 * person with curl. Both answer GET and HEAD with JSON that is never cached, go through no
 * throttle, and are written to the access log only at debug level.
 *
 * - /healthz: the process is alive and serving. Always 200.
 * - /readyz: it can do its work. The database answers, every migration this build knows is
 *   applied, the mail outbox moves, and the disks it writes to have room. 503 when the database
 *   does not answer or lacks a migration; 200 with status "degraded" when a mail is more than 30
 *   minutes late (the site works, the operator should look at SMTP) or when DATA_DIR's or the
 *   temporary folder's disk has less than 200 MB free (decision 174: quotes are then stored
 *   without their photos, and a full disk would stop the embedded database). With counts of the
 *   mails late now and of those the mail server refused for good in the last 7 days (decision
 *   173), and the free space of both disks. "mail":"files" when no SMTP_URL is set (mail is
 *   written to DATA_DIR/mail), "degraded" in production, where nobody would read it (decision
 *   091).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { migrationsFolder } from "./db/client.ts";
import type { Dependencies } from "./dependencies.ts";
import { lowDiskBytes } from "./disk-space.ts";
import { jsonResponse } from "./http-errors.ts";
import { log } from "./log.ts";

export interface Readiness {
  status: "ok" | "degraded" | "unavailable";
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  mail: "ok" | "stuck" | "files" | "unknown";
  /** Mails meant to have gone by now and not delivered yet (retrying or about to be sent). */
  mail_waiting?: number;
  /**
   * Mails the mail server refused for good in the last 7 days (550 no such mailbox): never
   * tried again and never "stuck", but someone did not get a mail; the log has a warning each.
   */
  mail_failed?: number;
  /** "low": DATA_DIR's or the temporary folder's disk has less than `lowDiskBytes` free. */
  disk: "ok" | "low" | "unknown";
  /** Free space in MB (null when it could not be read): for the operator deciding what to clear. */
  disk_free_mb: { data_dir: number | null; uploads: number | null };
}

const noStore = { "Cache-Control": "no-store" };
/**
 * Mail unsent this long after it was meant to go (`due_at`: when queued, or its turn in a
 * campaign's schedule) means delivery is failing, not just slow. A campaign's mails waiting
 * their turn are not late, and a mail refused for good (`failed_at`) is no longer waiting.
 */
const stuckAfter = "30 minutes";
/** How far back refused mails are counted: long enough for a weekly look, short enough to clear. */
const failedWithin = "7 days";

/** The newest migration of this build: its `when`, as drizzle records it in created_at. */
function newestMigration(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

interface ReadinessOptions {
  /** How long one answer is reused: probes from anywhere cost at most one query per period. */
  reuseMs?: number;
  /** Longest wait for the database before it counts as unreachable. */
  timeoutMs?: number;
}

/** Checks readiness with one query, at most one at a time, its answer reused for a second. */
export function readinessCheck(
  { db, env, disk }: Pick<Dependencies, "db" | "env" | "disk">,
  { reuseMs = 1000, timeoutMs = 2000 }: ReadinessOptions = {},
) {
  let newest: number | undefined;
  let last: { at: number; readiness: Readiness } | undefined;
  let running: Promise<Readiness> | undefined;

  /** Both disks, read beside the query (a stuck network mount counts as unknown). */
  async function disks(timeout: Promise<never>): Promise<Pick<Readiness, "disk" | "disk_free_mb">> {
    const [dataDir, uploads] = await Promise.race([
      Promise.all([disk.free(env.DATA_DIR), disk.free(os.tmpdir())]),
      timeout.catch(() => [undefined, undefined]),
    ]);
    const known = [dataDir, uploads].filter((free) => free !== undefined);
    const megabytes = (free: number | undefined) =>
      free === undefined ? null : Math.floor(free / (1024 * 1024));
    return {
      disk: known.some((free) => free < lowDiskBytes) ? "low" : known.length ? "ok" : "unknown",
      disk_free_mb: { data_dir: megabytes(dataDir), uploads: megabytes(uploads) },
    };
  }

  async function check(): Promise<Readiness> {
    newest ??= newestMigration();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    });
    const space = disks(timeout);
    try {
      // Both drivers answer raw SQL with { rows }, typed as the driver's own result.
      const result = (await Promise.race([
        db.execute(sql`
          select
            (select max(created_at) from drizzle.__drizzle_migrations) as migrated_to,
            waiting.*,
            (select count(*) from mail_outbox
              where failed_at > now() - ${failedWithin}::interval)::int as failed_mail
          from (select
              (count(*) filter (where due_at < now() - ${stuckAfter}::interval))::int
                as stuck_mail,
              count(*)::int as waiting_mail
            from mail_outbox
            where sent_at is null and failed_at is null and due_at <= now()) as waiting`),
        timeout,
      ])) as {
        rows: {
          migrated_to: string | null;
          stuck_mail: number;
          waiting_mail: number;
          failed_mail: number;
        }[];
      };
      const row = result.rows[0];
      const migrations = Number(row?.migrated_to ?? 0) >= newest ? "current" : "pending";
      const mail = (row?.stuck_mail ?? 0) > 0 ? "stuck" : env.SMTP_URL ? "ok" : "files";
      const mailWorks = mail === "ok" || (mail === "files" && env.NODE_ENV !== "production");
      const { disk, disk_free_mb } = await space;
      return {
        status:
          migrations === "pending"
            ? "unavailable"
            : mailWorks && disk !== "low"
              ? "ok"
              : "degraded",
        database: "ok",
        migrations,
        mail,
        mail_waiting: row?.waiting_mail ?? 0,
        mail_failed: row?.failed_mail ?? 0,
        disk,
        disk_free_mb,
      };
    } catch (error) {
      log.debug({ err: error }, "readiness: database check failed");
      return {
        status: "unavailable",
        database: "unreachable",
        migrations: "unknown",
        mail: "unknown",
        ...(await space),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  return async function readiness(): Promise<Readiness> {
    if (last && performance.now() - last.at < reuseMs) return last.readiness;
    running ??= check().then((readiness) => {
      // A change is worth a line; the same state again is not.
      if (readiness.status !== last?.readiness.status) {
        const level = readiness.status === "ok" ? "info" : "warn";
        log[level]({ readiness }, `readiness: ${readiness.status}`);
      }
      last = { at: performance.now(), readiness };
      running = undefined;
      return readiness;
    });
    return running;
  };
}

/** GET and HEAD /healthz and /readyz on the app (HEAD is answered by the GET routes). */
export function mountHealth(
  app: Hono,
  deps: Pick<Dependencies, "db" | "env" | "disk">,
  options?: ReadinessOptions,
) {
  const readiness = readinessCheck(deps, options);
  app.get("/healthz", () => jsonResponse({ status: "ok" }, 200, noStore));
  app.get("/readyz", async () => {
    const state = await readiness();
    return jsonResponse(state, state.status === "unavailable" ? 503 : 200, noStore);
  });
}
