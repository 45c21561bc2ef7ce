import type { UserView } from "../auth/user-view.ts";
import type { DatabaseHandle } from "../db/client.ts";

/** The channel the database announces account and token changes on (migration 0002). */
export const sessionChangesChannel = "session_changes";

interface Entry {
  user: UserView;
  /** The earlier of the token's expiry and the entry's own maximum age. */
  until: number;
}

/**
 * Who is behind each bearer token, remembered in memory so that a signed-in request costs no
 * database round trip (docs/decisions/064).
 *
 * Nothing here may outlive a change: the database announces every revoked token, every
 * changed or deleted account and every change to roles (triggers of migration 0002), and
 * each instance forgets what they touch. While those announcements could be missed (the
 * listening connection is down) the cache holds nothing. The instance that makes a change
 * also forgets at once, since the announcement reaches it a moment after its own answer.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #live = false;
  /** Bumped by every forgetting: a lookup that started before one must not store its result. */
  #generation = 0;

  constructor(options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string): UserView | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until > this.#now()) return entry.user;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Stores a lookup made from the database, unless something was forgotten since it began. */
  remember(tokenHash: string, user: UserView, tokenExpiresAt: Date, startedAt: number): void {
    if (!this.#live || startedAt !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) {
      // Maps keep insertion order: the oldest entry goes first.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    const until = Math.min(tokenExpiresAt.getTime(), this.#now() + this.#maxAgeMs);
    this.#entries.set(tokenHash, { user, until });
  }

  forgetToken(tokenHash: string): void {
    this.#generation++;
    this.#entries.delete(tokenHash);
  }

  forgetUser(userId: number): void {
    this.#generation++;
    for (const [tokenHash, entry] of this.#entries) {
      if (entry.user.id === userId) this.#entries.delete(tokenHash);
    }
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** A database announcement: `token:<hash>`, `user:<id>` or `*` (roles changed). */
  apply(change: string): void {
    const [kind, key = ""] = change.split(":", 2);
    if (kind === "token") this.forgetToken(key);
    else if (kind === "user" && /^\d+$/.test(key)) this.forgetUser(Number(key));
    else this.clear();
  }

  /**
   * False while changes could go unannounced: nothing is stored, nothing served. Either way
   * a lookup already running may have read the database before listening resumed: it is
   * not stored.
   */
  setLive(live: boolean): void {
    this.#live = live;
    this.clear();
  }
}

/** Keeps `sessions` current from the database's announcements; resolves to a stop function. */
export function followSessionChanges(
  database: DatabaseHandle,
  sessions: SessionCache,
): Promise<() => Promise<void>> {
  return database.listen(sessionChangesChannel, {
    onNotify: (change) => sessions.apply(change),
    onLive: (live) => sessions.setLive(live),
  });
}
