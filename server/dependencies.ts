import type { Database } from "./db/client.ts";
import type { DiskSpace } from "./disk-space.ts";
import type { Env } from "./env.ts";
import type { SessionCache } from "./fast-path/session-cache.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { RateLimiter } from "./rate-limit/limiter.ts";
import type { SiteContent } from "./site-content/site-content.ts";

/**
 * What the API needs from the outside world. Built once by the server entry (or by a test),
 * passed to `createApp`; nothing below reads globals.
 */
export interface Dependencies {
  env: Env;
  db: Database;
  mail: Mailer;
  limiter: RateLimiter;
  /** Signed-in users by token, kept current by the database's announcements. */
  sessions: SessionCache;
  /** Free space of DATA_DIR and of the temporary folder (/readyz, a quote's photos). */
  disk: DiskSpace;
  /** What staff published for the public pages, and the pages rendered from it (decision 244). */
  siteContent: SiteContent;
}
