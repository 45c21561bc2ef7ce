import type { SiteContentReader, SiteSection, SiteSections } from "../../content/site-content.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { log } from "../log.ts";
import type { KeptPage } from "./page.ts";
import { siteContentChannel } from "./version.ts";

export type SectionReaders = { [K in SiteSection]: (db: Database) => Promise<SiteSections[K]> };

/**
 * What this instance keeps of the published content until it changes: each section as read from
 * the database, and each page rendered from them (by path). A publish anywhere reaches every
 * instance as a NOTIFY (version.ts) and empties both; while the listening connection is down a
 * change could pass unseen, so nothing is kept and every page is rendered from the database.
 *
 * `generation` counts the forgettings: a render or a read that began before one is answered
 * but not kept, since it may hold what was just replaced.
 */
export class SiteContent implements SiteContentReader {
  readonly #db: Database;
  readonly #readers: SectionReaders;
  readonly #maxPages: number;
  readonly #sections = new Map<SiteSection, Promise<unknown>>();
  readonly #pages = new Map<string, KeptPage>();
  readonly #rendering = new Map<string, Promise<KeptPage | undefined>>();
  #live = false;
  #generation = 0;
  /** The last version announced (informational: the log and tests). */
  version = 0;

  constructor(db: Database, readers: SectionReaders, options: { maxPages?: number } = {}) {
    this.#db = db;
    this.#readers = readers;
    this.#maxPages = options.maxPages ?? 2000;
  }

  get generation(): number {
    return this.#generation;
  }

  get live(): boolean {
    return this.#live;
  }

  /** A section, read once per version while listening; read each time otherwise. */
  get<K extends SiteSection>(section: K): Promise<SiteSections[K]> {
    const kept = this.#sections.get(section);
    if (kept) return kept as Promise<SiteSections[K]>;
    const read = this.#readers[section](this.#db);
    if (this.#live) {
      this.#sections.set(section, read);
      // A failed read is not kept: the next render tries the database again.
      read.catch(() => {
        if (this.#sections.get(section) === read) this.#sections.delete(section);
      });
    }
    return read;
  }

  page(path: string): KeptPage | undefined {
    return this.#pages.get(path);
  }

  /**
   * The kept page of `path`, or the one `render` makes: concurrent misses of one path share a
   * render. It is kept only if nothing was forgotten while it was made.
   */
  async render(
    path: string,
    render: () => Promise<KeptPage | undefined>,
  ): Promise<KeptPage | undefined> {
    const kept = this.#pages.get(path);
    if (kept) return kept;
    const running = this.#rendering.get(path);
    if (running) return running;
    const generation = this.#generation;
    const made = render().finally(() => {
      if (this.#rendering.get(path) === made) this.#rendering.delete(path);
    });
    this.#rendering.set(path, made);
    const page = await made;
    if (page) this.keep(path, page, generation);
    return page;
  }

  /** Replaces a kept page (a better compression made after it was answered), same rule. */
  keep(path: string, page: KeptPage, generation: number): void {
    if (!this.#live || generation !== this.#generation) return;
    if (!this.#pages.has(path) && this.#pages.size >= this.#maxPages) {
      const oldest = this.#pages.keys().next().value;
      if (oldest !== undefined) this.#pages.delete(oldest);
    }
    this.#pages.set(path, page);
  }

  /** Something was published: every section and page is read and rendered again. */
  changed(version?: number): void {
    if (version !== undefined && Number.isFinite(version)) this.version = version;
    this.#generation++;
    this.#sections.clear();
    this.#pages.clear();
    this.#rendering.clear();
  }

  setLive(live: boolean): void {
    this.#live = live;
    this.changed();
  }

  get keptPages(): number {
    return this.#pages.size;
  }
}

/**
 * Keeps `content` current from every instance's publishes; resolves to a stop function.
 * `onChange` runs after each publish heard and when listening comes back after a loss (a
 * publish may have passed unheard); not when it is lost, when the database may be away too.
 */
export function followSiteContent(
  database: DatabaseHandle,
  content: SiteContent,
  onChange: () => void = () => {},
): Promise<() => Promise<void>> {
  let lost = false;
  return database.listen(siteContentChannel, {
    onNotify: (payload) => {
      content.changed(Number(payload));
      log.debug({ version: content.version }, "site content changed");
      onChange();
    },
    onLive: (live) => {
      content.setLive(live);
      if (!live) lost = true;
      else if (lost) {
        lost = false;
        onChange();
      }
    },
  });
}
