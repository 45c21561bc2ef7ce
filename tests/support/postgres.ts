/** The PostgreSQL server the suite uses (trust auth on this machine kind and in CI). */
export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const postgresTemplate = "obra_template";

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const templateUrl = databaseUrl(postgresTemplate);
