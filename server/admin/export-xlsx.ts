import { PassThrough } from "node:stream";
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import { officeClock } from "../../content/office-clock.ts";
import type { Database } from "../db/client.ts";
import {
  cellValue,
  exportColumns,
  exportFailed,
  exportFileName,
  exportRows,
  type ListExport,
} from "./export.ts";
import type { ListQuery } from "./list-query.ts";
import { dateFields, matchingIds } from "./operations.ts";
import type { ResourceDefinition } from "./resource.ts";

/**
 * The .xlsx export of a list (issue 33; decision 207): the CSV's rows (export.ts: the same
 * filter, order, columns and labels), as typed cells Excel in Spanish reads right. Dates are real
 * dates, shown dd/mm/aaaa hh:mm at the office's wall time (Europe/Madrid); postcodes, phones and
 * every other text are text cells formatted as text, so 08012 keeps its zero and +34 612… shows
 * no apostrophe; numbers are numbers. No cell is ever a formula: a value starting with "=" is a
 * string cell like any other (exceljs writes a formula only when given one as an object).
 *
 * Written by exceljs's streaming writer, row by row as they are read, and loaded on the first
 * export only; it never reaches a browser (app/ cannot import server/).
 */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel's limit for one cell's text; a longer one makes Excel call the file damaged. */
const CELL_TEXT_LIMIT = 32_767;

/** es-ES day and time, on the office's clock (the value is written as Madrid wall time). */
const DATE_FORMAT = "dd/mm/yyyy hh:mm";
/** Excel's "Text" format: what staff type into the cell later stays text too. */
const TEXT_FORMAT = "@";

/**
 * The instant as Madrid's wall clock read it, as a Date whose UTC fields are that reading:
 * exceljs writes a Date's UTC day and time, and a spreadsheet cell has no time zone.
 */
export function madridWallTime(date: Date): Date {
  const clock = officeClock(date);
  return new Date(
    Date.UTC(
      Number(clock.year),
      Number(clock.month) - 1,
      Number(clock.day),
      Number(clock.hour),
      Number(clock.minute),
      Number(clock.second),
    ),
  );
}

/**
 * Text as a cell may hold it: no unpaired surrogate nor U+FFFE/U+FFFF (not XML; exceljs drops
 * the other control characters itself), and at most Excel's limit.
 */
function cellText(text: string): string {
  const clean = text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g,
    "\uFFFD",
  );
  return clean.length > CELL_TEXT_LIMIT ? `${clean.slice(0, CELL_TEXT_LIMIT - 1)}…` : clean;
}

/** One cell: a date, a number, or text as the admin shows it (Sí/No, a status by its title). */
function typedCell(
  definition: ResourceDefinition,
  key: string,
  value: unknown,
): Date | number | string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return madridWallTime(value);
  if (typeof value === "number") return value;
  return cellText(String(cellValue(definition, key, value)));
}

/** The export of what `query` matches, ready to send. */
export async function exportXlsx(
  db: Database,
  definition: ResourceDefinition,
  query: ListQuery,
  now = new Date(),
): Promise<ListExport> {
  const { default: ExcelJS } = await import("exceljs");
  const ids = await matchingIds(db, definition, query.where, query.orderBy);
  const columns = exportColumns(definition);
  const dates = new Set(dateFields(definition));
  const out = new PassThrough();
  // Text goes to the shared-strings table, as Excel itself writes it (`t="s"` cells): exceljs's
  // inline form (`t="str"`) is a formula's result in OOXML, and exceljs reads it back wrongly
  // ("&lt;" as "<"). The table is held until the end: about the size of the text exported.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: true,
  });
  // A sheet's name: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(definition.title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  // A column's format is what a cell typed into it later gets; each written cell has its own.
  sheet.columns = columns.map(({ key, header }) => ({
    header,
    key,
    width: dates.has(key) ? 17 : Math.min(40, Math.max(10, header.length + 2)),
    style: { numFmt: dates.has(key) ? DATE_FORMAT : TEXT_FORMAT },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };

  const write = async () => {
    for await (const values of exportRows(db, definition, ids)) {
      // The client went away: no more rows are read.
      if (out.destroyed) return;
      const row = sheet.addRow(
        values.map((value, i) => typedCell(definition, columns[i]?.key ?? "", value)),
      );
      row.eachCell((cell) => {
        cell.numFmt =
          cell.value instanceof Date
            ? DATE_FORMAT
            : typeof cell.value === "number"
              ? "General"
              : TEXT_FORMAT;
      });
      row.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: Error & { code?: string }) => {
    exportFailed(definition)(error);
    out.destroy(error);
  });
  return {
    rows: ids.length,
    filename: exportFileName(definition, now, "xlsx"),
    // Read as an async iterable, not through Readable.toWeb: on Node 20 a body cancelled before
    // its first read (a client gone at once) still got the writer's first bytes from toWeb's
    // adapter, which threw "Controller is already closed" outside any request, and an uncaught
    // exception ends the server. Here a cancel ends the iteration, which destroys `out`.
    body: NodeReadableStream.from<Uint8Array>(out) as ReadableStream<Uint8Array>,
  };
}
