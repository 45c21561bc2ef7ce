/** SQLSTATE and socket codes meaning "the database is not reachable right now". */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, message } = e as { code?: string; message?: string };
    return (
      (code !== undefined && unavailableCodes.has(code)) ||
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message ?? "",
      )
    );
  });
}

/** 23505: a unique index refused the row (duplicate e-mail, double subscription). */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((e) => (e as { code?: string }).code === "23505");
}
