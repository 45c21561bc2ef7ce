import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { OFFICE_TIME_ZONE, officeDateTime } from "../../content/office-clock.ts";
import { foldAccents } from "../accents.ts";
import type { Database } from "../db/client.ts";
import { idIn } from "../db/row-ids.ts";
import { log } from "../log.ts";
import { columnTitle, type ListQuery, secretTest, selectionOf } from "./list-query.ts";
import { matchingIds, shownValues } from "./operations.ts";
import type { ResourceDefinition } from "./resource.ts";

/** The section's Spanish title as staff read it, in a file name any system keeps: "campanas". */
const fileNameOf = (title: string) =>
  foldAccents(title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * CSV export of a list as it is filtered and sorted (issue 13; decision 143), for other tools
 * and for Excel in Spanish (which reads an .xlsx better: export-xlsx.ts, decision 207): UTF-8 with a BOM (else Excel reads it as Windows-1252), ";" between cells (the
 * comma is es-ES's decimal sign), CRLF line ends, dates as the admin shows them (es-ES long
 * form with hours and minutes, Madrid time), Sí/No, a status by its title. Cells starting with
 * = + - @ tab or CR get a leading apostrophe (csv-stringify's escape_formulas), so a visitor's
 * "=HYPERLINK(…)" is text, not a formula. Secrets never leave (the same rule as the audit log).
 *
 * It streams: the matching ids are read first (a number each, in the list's order), then the
 * rows 500 at a time, each page turned into CSV before the next is read. Neither database holds
 * a cursor or a transaction open while a slow client reads, so the embedded one keeps serving.
 */

const CHUNK = 500;

/**
 * The exported columns: every field of a record but secrets and what the definition leaves out
 * as a repeat (`notExported`), with the admin's labels.
 */
export function exportColumns(definition: ResourceDefinition): { key: string; header: string }[] {
  const isSecret = secretTest(definition);
  const repeats = new Set(definition.notExported ?? []);
  const keys = Object.keys(selectionOf(definition)).filter(
    (key) => !isSecret(key) && !repeats.has(key),
  );
  const ordered = ["id", ...keys.filter((key) => key !== "id")];
  return ordered.map((key) => ({ key, header: columnTitle(definition, key) }));
}

/** One cell as staff read it in the admin. */
export function cellValue(
  definition: ResourceDefinition,
  key: string,
  value: unknown,
): string | number {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return officeDateTime.format(value);
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    if (definition.status?.column.name === key) {
      return definition.status.options.find((option) => option.value === value)?.title ?? value;
    }
    // A code from a fixed list by its label ("reformas-de-banos" → "Reforma de baños").
    const choices = definition.choices?.[key];
    if (choices) return choices.find((option) => option.value === value)?.title ?? value;
    return value;
  }
  return JSON.stringify(value);
}

/**
 * The rows of an export, page by page, in the list's order: each row's values in the order of
 * `exportColumns`, as the database gives them (a CSV writes them as text, an .xlsx as typed cells).
 */
export async function* exportRows(db: Database, definition: ResourceDefinition, ids: number[]) {
  const columns = exportColumns(definition);
  const selection = selectionOf(definition) as Record<string, never>;
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const rows = (await db
      .select(selection)
      .from(definition.table)
      .where(idIn(definition.table.id, chunk))) as Record<string, unknown>[];
    const byId = new Map(rows.map((row) => [row.id as number, row]));
    for (const id of chunk) {
      const row = byId.get(id);
      // Deleted since the export began: skipped.
      if (!row) continue;
      const shown = { ...row, ...shownValues(definition, row) };
      yield columns.map(({ key }) => shown[key]);
    }
  }
}

/** An export ready to send: how many rows, the file's name and its bytes as they are made. */
export interface ListExport {
  rows: number;
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** The file's name: the section as staff read it and the Madrid day, `contactos-2026-11-29`. */
export function exportFileName(definition: ResourceDefinition, now: Date, extension: string) {
  const day = new Intl.DateTimeFormat("sv-SE", { timeZone: OFFICE_TIME_ZONE }).format(now);
  return `${fileNameOf(definition.title)}-${day}.${extension}`;
}

/** Logs a failed export; a client that went away is no failure. */
export function exportFailed(definition: ResourceDefinition) {
  return (error: (Error & { code?: string }) | null | undefined) => {
    if (error && !["ERR_STREAM_PREMATURE_CLOSE", "ABORT_ERR"].includes(error.code ?? "")) {
      log.error({ err: error, resource: definition.key }, "admin: export failed");
    }
  };
}

/** The export of what `query` matches, ready to send. */
export async function exportCsv(
  db: Database,
  definition: ResourceDefinition,
  query: ListQuery,
  now = new Date(),
): Promise<ListExport> {
  const ids = await matchingIds(db, definition, query.where, query.orderBy);
  const columns = exportColumns(definition);
  const csv = stringify({
    bom: true,
    delimiter: ";",
    record_delimiter: "windows",
    escape_formulas: true,
    header: true,
    columns,
  });
  async function* cells() {
    for await (const row of exportRows(db, definition, ids)) {
      yield row.map((value, i) => cellValue(definition, columns[i]?.key ?? "", value));
    }
  }
  // pipeline: a client that goes away destroys the CSV stream, which stops the reading of rows
  // (and a failed read ends the download instead of leaving it hanging).
  pipeline(Readable.from(cells()), csv, exportFailed(definition));
  return {
    rows: ids.length,
    filename: exportFileName(definition, now, "csv"),
    body: Readable.toWeb(csv) as ReadableStream<Uint8Array>,
  };
}
