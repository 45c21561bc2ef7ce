import { sql } from "drizzle-orm";
import { OFFICE_TIME_ZONE } from "../content/office-clock.ts";

/**
 * Midnight starting a day (YYYY-MM-DD) on the office's calendar, `plusDays` later, as PostgreSQL
 * computes it (summer time included): the bounds of a list's date filter and of the reminder's
 * days (decision 213).
 */
export const madridMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${OFFICE_TIME_ZONE})`;
