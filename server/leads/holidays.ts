// Spain's public holidays, as far as the morning reminder needs them (decision 202): on a holiday
// the office is closed, so no reminder goes and the day does not count as one to answer in.
import { easter } from "date-easter";

/**
 * The national days every office keeps (Madrid, Catalonia, the Valencian Community): month-day.
 * Holy Thursday, Easter Monday, the regions' and the towns' own days differ by office and are
 * the operator's to add (`REMINDER_HOLIDAYS`).
 */
const nationalDays = new Set([
  "01-01", // Año Nuevo
  "01-06", // Epifanía del Señor
  "05-01", // Fiesta del Trabajo
  "08-15", // Asunción de la Virgen
  "10-12", // Fiesta Nacional de España
  "11-01", // Todos los Santos
  "12-06", // Día de la Constitución
  "12-08", // Inmaculada Concepción
  "12-25", // Navidad
]);

/** Good Friday (Viernes Santo), two days before Easter Sunday: YYYY-MM-DD. */
function goodFriday(year: number): string {
  const { month, day } = easter(year);
  const friday = new Date(Date.UTC(year, month - 1, day - 2));
  return friday.toISOString().slice(0, 10);
}

/**
 * Whether `date` (YYYY-MM-DD) is a holiday: a national one, or one of the office's own days,
 * each YYYY-MM-DD (that year only) or MM-DD (every year).
 */
export function isHoliday(date: string, officeDays: readonly string[]): boolean {
  const monthDay = date.slice(5);
  return (
    nationalDays.has(monthDay) ||
    goodFriday(Number(date.slice(0, 4))) === date ||
    officeDays.some((day) => day === date || day === monthDay)
  );
}
