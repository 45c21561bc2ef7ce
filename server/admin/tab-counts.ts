// The inbox's tab counts (issue 37, decision 272): how many records each status tab and «Míos»
// would show if clicked. A status tab keeps the view's other filters (search, service, …), so its
// count is the list's own query without the status, grouped by status: one aggregate query, read
// through the status index when no search is typed. «Míos» opens the caller's leads whatever the
// rest of the view, so it is one count by responsible.
import { count, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { listTools, parseListQuery } from "./list-query.ts";
import type { ResourceDefinition } from "./resource.ts";

export interface TabCounts {
  /** Status value → records with it under the view's other filters. */
  statuses: Record<string, number>;
  /** «Todos»: every status under the view's other filters. */
  all: number;
  /** «Míos»: the caller's records, when the section has a responsible. */
  mine?: number;
}

/** The status filter's parameter: the tabs write `?status=`. */
const STATUS = "status";

/**
 * The counts for a section with status tabs, or undefined for one without. `params` is the list's
 * query, already accepted by parseListQuery (a 422 would have been answered before).
 */
export async function tabCounts(
  db: Database,
  definition: ResourceDefinition,
  params: Record<string, string | undefined>,
  userId: number,
): Promise<TabCounts | undefined> {
  const tools = listTools(definition);
  if (!definition.status || !tools.filters[STATUS]) return undefined;
  const { [STATUS]: _, page: __, ...others } = params;
  const { where } = parseListQuery(definition, others);
  const column = definition.status.column;
  const rows = await db
    .select({ status: column, total: count() })
    .from(definition.table)
    .where(where)
    .groupBy(column);
  const statuses: Record<string, number> = {};
  for (const option of definition.status.options) statuses[option.value] = 0;
  let all = 0;
  for (const row of rows) {
    const total = Number(row.total);
    statuses[String(row.status)] = total;
    all += total;
  }
  const assignee = tools.filters.assignee;
  if (!definition.assignee || !assignee) return { statuses, all };
  const [mine] = await db
    .select({ total: count() })
    .from(definition.table)
    .where(sql`${definition.assignee.column} = ${userId}`);
  return { statuses, all, mine: Number(mine?.total ?? 0) };
}
