import { prepareDataDir, StartRefused } from "./data-dir.ts";
import { openDatabase } from "./db/client.ts";
import type { Dependencies } from "./dependencies.ts";
import { diskSpace } from "./disk-space.ts";
import type { Env } from "./env.ts";
import { followSessionChanges, SessionCache } from "./fast-path/session-cache.ts";
import { remindEachMorning } from "./leads/reminder.ts";
import { sweepUploadFolders } from "./leads/upload-folder.ts";
import { log } from "./log.ts";
import { refreshMailCompany } from "./mail/company.ts";
import { createMailer } from "./mail/outbox.ts";
import { createTransport, mailFolder } from "./mail/transport.ts";
import { sendScheduledCampaigns } from "./newsletter/schedule.ts";
import { createRateLimiter } from "./rate-limit/index.ts";
import { sweepRetention } from "./retention.ts";
import { sectionReaders } from "./site-content/sections.ts";
import { followSiteContent, SiteContent } from "./site-content/site-content.ts";

/**
 * Opens everything the API needs (database migrated, mail worker running, limiter ready, the
 * retention sweep deleting hourly what the privacy policy says is deleted, and the morning
 * reminder of unanswered leads).
 */
export async function boot(env: Env): Promise<{ deps: Dependencies; close(): Promise<void> }> {
  const database = await openDatabaseOrExit(env);
  const limiter = await createRateLimiter(env);
  const mail = createMailer(database.db, createTransport(env));
  const sessions = new SessionCache();
  const stopFollowing = await followSessionChanges(database, sessions);
  const siteContent = new SiteContent(database.db, sectionReaders);
  // The mails speak for the company as published, like the pages (decision 245).
  const readMailCompany = () => refreshMailCompany(siteContent);
  const stopFollowingContent = await followSiteContent(database, siteContent, readMailCompany);
  await readMailCompany();
  // Photos left by a process killed in the middle of an upload (decision 151).
  const swept = await sweepUploadFolders();
  if (swept) log.info({ folders: swept }, "removed the upload folders of stopped processes");
  // Sign-ups nobody confirmed, blocked proofs of consent, idle leads, old mail copies and audit
  // entries, deleted when the privacy policy says (decisions 101, 168, 179); spent
  // tokens and old mail files too (183).
  const retentionSweep = sweepRetention(database.db, { mailFolder: mailFolder(env.DATA_DIR) });
  // Each working morning, the leads past the promised answer, to the office (decision 198).
  const reminder = remindEachMorning(database.db, mail, env);
  const deps: Dependencies = {
    env,
    db: database.db,
    mail,
    limiter,
    sessions,
    disk: diskSpace,
    siteContent,
  };
  // Campaigns scheduled for a date and time, sent once by whichever instance finds them due
  // (decision 259).
  const schedule = sendScheduledCampaigns(deps);
  return {
    deps,
    async close() {
      await schedule.stop();
      await retentionSweep.stop();
      await reminder.stop();
      await stopFollowing();
      await stopFollowingContent();
      await mail.stop();
      await limiter.close();
      await database.close();
    },
  };
}

/** A refusal (DATA_DIR open to others, embedded database in use) ends the process in one line. */
async function openDatabaseOrExit(env: Env) {
  try {
    // The embedded database's open checks DATA_DIR under its lock (not before: another process
    // may be filling it); with PostgreSQL only the mail and the control files live there.
    if (env.DATABASE_URL) prepareDataDir(env.DATA_DIR);
    return await openDatabase(env);
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error;
    console.error(error.message);
    process.exit(error.exitCode);
  }
}
