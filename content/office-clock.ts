/**
 * The office's clock (decision 213). The company works from Madrid: staff read every moment on
 * Madrid's time, whatever the zone of their browser or of the server, and a day (a date filter's
 * «1 de julio», the morning reminder's working day) is a Madrid day. The admin screens and the
 * server's lists, exports, mails and reminder read the zone and the date format here, so the two
 * sides always agree (decision 150: what both show lives in content/).
 */
export const OFFICE_TIME_ZONE = "Europe/Madrid";

/** SPEC §9's es-ES long date with hours and minutes, on the office's clock: "1 de marzo de 2029, 11:00". */
export const officeDateTime = new Intl.DateTimeFormat("es-ES", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: OFFICE_TIME_ZONE,
});

// Pure: the admin screens, which import this file but not officeClock, leave it out of their chunk.
const wallClock = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", {
  timeZone: OFFICE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "longOffset",
});

/** What the office's wall clock read at a moment, in digits ("2026", "11", "29", "09"…). */
export interface OfficeClockReading {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  /** Madrid's offset from UTC then: "+01:00" in winter, "+02:00" in summer. */
  offset: string;
}

/**
 * A moment read on the office's clock, field by field: for the files whose format Intl does not
 * write (a spreadsheet's wall-clock date, Google Ads' "2026-11-29 10:15:00+01:00") and the
 * reminder's Madrid day.
 */
export function officeClock(at: Date): OfficeClockReading {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of wallClock.formatToParts(at)) part[type] = value;
  const zone = part.timeZoneName ?? "GMT";
  return {
    year: part.year ?? "",
    month: part.month ?? "",
    day: part.day ?? "",
    hour: part.hour ?? "",
    minute: part.minute ?? "",
    second: part.second ?? "",
    offset: zone === "GMT" ? "+00:00" : zone.replace("GMT", ""),
  };
}

/** The office's calendar day at a moment, YYYY-MM-DD: what the date inputs and filters count in. */
export function officeDay(at: Date): string {
  const { year, month, day } = officeClock(at);
  return `${year}-${month}-${day}`;
}
