/** The PostgreSQL server the suite uses (trust auth on this machine kind and in CI). */
export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * Names carry the pid of the run that made them, so parallel runs never touch each other's
 * databases and a later run can drop what a killed run left behind.
 */
export const templateName = (runPid: number) => `obra_tpl_${runPid}`;
export const testDatabaseName = (runPid: number, suffix: string) => `obra_t_${runPid}_${suffix}`;
export const runPidOf = (name: string) => Number(/^obra_(?:tpl|t)_(\d+)/.exec(name)?.[1] ?? NaN);

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
