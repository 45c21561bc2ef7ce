import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type AppTimings, createApp } from "../../server/app.ts";
import type { DatabaseHandle } from "../../server/db/client.ts";
import type { Dependencies } from "../../server/dependencies.ts";
import { type DiskSpace, diskSpace } from "../../server/disk-space.ts";
import { type Env, parseEnv } from "../../server/env.ts";
import { followSessionChanges, SessionCache } from "../../server/fast-path/session-cache.ts";
import { refreshMailCompany } from "../../server/mail/company.ts";
import { createMailer } from "../../server/mail/outbox.ts";
import { createTransport, type MailTransport } from "../../server/mail/transport.ts";
import { createMemoryLimiter } from "../../server/rate-limit/memory.ts";
import { sectionReaders } from "../../server/site-content/sections.ts";
import { followSiteContent, SiteContent } from "../../server/site-content/site-content.ts";
import { createTestDatabase } from "./database.ts";
import { opened } from "./left-open.ts";
import { type SmtpPeer, type SmtpPeerOptions, startSmtpPeer } from "./smtp.ts";

export interface TestAppOptions {
  env?: Partial<Record<keyof Env, string>>;
  /** Defaults to the configured transport: .eml files in a temporary DATA_DIR. */
  transport?: MailTransport;
  /** Defaults to a fresh database of this project's kind. */
  database?: DatabaseHandle;
  /**
   * false: the session cache remembers but never hears the database's announcements, so what
   * it forgets it forgets by the instance's own doing (default true, as in production).
   */
  hearsChanges?: boolean;
  /** Defaults to the real free space (statfs); a test hands a fuller disk (decision 174). */
  disk?: DiskSpace;
}

/**
 * Production works waiting reset requests once a second and reuses a /readyz answer for one;
 * a test would wait that second at each step (15 s per database in password-reset.test.ts).
 * What the tests prove does not depend on the length (decision 170).
 */
const testTimings: AppTimings = { resetRequestTickMs: 25, readinessReuseMs: 0 };

/** The real API over a fresh database of its own; requests go through `app.request()`. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.database ?? (await createTestDatabase());
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-test-")),
    ...options.env,
  });
  const limiter = createMemoryLimiter();
  const mail = createMailer(database.db, options.transport ?? createTransport(env));
  const sessions = new SessionCache();
  let stopFollowing = async () => {};
  if (options.hearsChanges === false) sessions.setLive(true);
  else stopFollowing = await followSessionChanges(database, sessions);
  const siteContent = new SiteContent(database.db, sectionReaders);
  // As boot.ts: the mails speak for the company as published.
  const readMailCompany = () => refreshMailCompany(siteContent);
  const stopFollowingContent = await followSiteContent(database, siteContent, readMailCompany);
  await readMailCompany();
  const deps: Dependencies = {
    env,
    db: database.db,
    mail,
    limiter,
    sessions,
    disk: options.disk ?? diskSpace,
    siteContent,
  };
  const app = createApp(deps, testTimings);
  const closed = opened("a test app");

  const request = (method: string, url: string, body?: unknown, token?: string, ip = defaultIp) =>
    app.request(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        "X-Forwarded-For": ip,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    app,
    deps,
    db: database.db,
    /** Any method; `ip` stands in for the client's address (throttles count per address). */
    request,
    get: (url: string, token?: string) => request("GET", url, undefined, token),
    /** `ip` stands in for the client's address (throttles count per address). */
    post: (url: string, body: unknown, token?: string, ip?: string) =>
      request("POST", url, body, token, ip),
    /** Stops what the app runs (its outbox, its throttle) and closes its database. */
    async close() {
      await stopFollowing();
      await stopFollowingContent();
      await mail.stop();
      await limiter.close();
      await database.close();
      closed();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field in assertions
export type Json = Record<string, any>;

/** A response's JSON body, for a test to read field by field. */
export const json = async (res: Response) => (await res.json()) as Json;

/** Expects the API's Spanish validation refusal (422) with exactly `errors`; answers its body. */
export async function expectValidationErrors(res: Response, errors: Record<string, string[]>) {
  expect(res.status).toBe(422);
  const body = await res.json();
  expect(body.title).toBe("Error de Validación");
  expect(body.errors).toEqual(errors);
  return body;
}

const defaultIp = "203.0.113.7";
let ipSerial = 0;

/** A client address no other request of this run has used. */
export function uniqueIp(): string {
  ipSerial += 1;
  return `198.18.${Math.floor(ipSerial / 250) % 250}.${(ipSerial % 250) + 1}`;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * What `start` makes (a test app), once for the enclosing describe block: started before its
 * tests, closed after them. It is empty until then, so read it inside tests and hooks only.
 */
export function perSuite<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): T {
  const started = {} as T;
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(() => started.close());
  return started;
}

/**
 * The test app with its mail sent through a real SMTP server on loopback (`peer`, whose
 * `received` and `waitForMail` the test reads); `close()` stops both.
 */
export async function createMailedTestApp(
  options: Omit<TestAppOptions, "transport"> & {
    /** How the SMTP server answers (recipients it refuses with a reply code). */
    smtp?: SmtpPeerOptions;
  } = {},
): Promise<MailedTestApp> {
  const peer = await startSmtpPeer(0, options.smtp);
  const env = parseEnv({ ...options.env, SMTP_URL: peer.url });
  const t = await createTestApp({ ...options, transport: createTransport(env) });
  return {
    ...t,
    peer,
    async close() {
      await t.close();
      await peer.stop();
    },
  };
}

export type MailedTestApp = TestApp & { peer: SmtpPeer };
