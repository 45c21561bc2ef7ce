/**
 * `npm run user:create -- --name NAME --email EMAIL --password PASSWORD --role ROLE`
 *
 * Makes a verified account (how the first administrator is made: there are no default
 * accounts). Asks the running server through its control socket when one answers, since an
 * embedded PGlite directory belongs to one process; otherwise opens the database itself
 * (PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR, migrated first).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type ControlResponse,
  controlSocketPath,
  requestControl,
  runControlCommand,
  type UserCreateRequest,
} from "../server/control.ts";
import { openDatabase } from "../server/db/client.ts";
import { parseEnv } from "../server/env.ts";
import { roleNames } from "../server/users/create-user.ts";

const usage = [
  "Uso / usage:",
  "  npm run user:create -- --name NOMBRE --email CORREO --password CONTRASEÑA --role ROL",
  `  ROL: ${roleNames.join(" | ")}`,
].join("\n");

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

function readArguments(): UserCreateRequest {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    stop(`Error: argumentos no válidos (${(error as Error).message}).`, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const missing = ["name", "email", "password", "role"].filter(
    (key) => typeof values[key] !== "string" || (values[key] as string).trim() === "",
  );
  if (missing.length) {
    stop(`Error: faltan datos: ${missing.map((key) => `--${key}`).join(", ")}.`, usage);
  }
  const role = values.role as string;
  if (!(roleNames as readonly string[]).includes(role)) {
    stop(`Error: el rol «${role}» no existe. Usa uno de estos: ${roleNames.join(", ")}.`, usage);
  }
  return {
    command: "user:create",
    name: values.name as string,
    email: values.email as string,
    password: values.password as string,
    role,
  };
}

async function main() {
  const request = readArguments();
  const env = parseEnv();

  let response: ControlResponse | undefined = await requestControl(
    controlSocketPath(env.DATA_DIR),
    request,
  );
  let where = "a través del servidor en marcha";
  if (!response) {
    const database = await openDatabase(env);
    try {
      response = await runControlCommand(database.db, request);
    } finally {
      await database.close();
    }
    where = env.DATABASE_URL
      ? "en la base de datos de DATABASE_URL"
      : `en la base de datos embebida de ${path.resolve(env.DATA_DIR)}`;
  }

  if (!response.ok) {
    const details = Object.entries(response.errors ?? {}).map(
      ([field, messages]) => `  ${field}: ${messages.join(" ")}`,
    );
    stop("Error: no se ha creado el usuario.", ...(details.length ? details : [response.message]));
  }
  const { user } = response;
  console.log(
    `Usuario creado (${where}): ${user.name} <${user.email}>, rol ${user.role}, verificado, id ${user.id}.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => stop(`Error: ${error instanceof Error ? error.message : String(error)}`),
);
