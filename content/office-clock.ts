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
