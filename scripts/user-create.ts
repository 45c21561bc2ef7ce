/**
 * `npm run user:create -- --name NAME --email EMAIL --role ROLE`
 * `npm run user:create -- --reset-two-factor --email EMAIL` (decision 220): removes a staff
 * member's lost second factor and closes their sessions; they enrol again at their next sign-in.
 *
 * Asks for the password without echoing it on a terminal, or reads it from standard input when
 * piped (`--password` still works for scripts, but any user of the machine sees it in `ps`).
 * Reads `.env` like the server (through scripts/run.mjs), so it finds the same database.
 * Makes a verified account (how the first administrator is made: there are no default
 * accounts). On the embedded database, asks the running server through its control socket
 * when one answers, since an embedded PGlite directory belongs to one process; otherwise opens
 * the database itself (PostgreSQL with DATABASE_URL, else the embedded one in DATA_DIR,
 * migrated first). It never makes an embedded database: a DATA_DIR without one is refused.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type ControlRequest,
  type ControlResponse,
  type ResetSecondFactorRequest,
  requestRunningSite,
  runControlCommand,
  type UserCreateRequest,
} from "../server/control.ts";
import { hasEmbeddedDatabase, operatorMessage } from "../server/data-dir.ts";
import { openDatabase } from "../server/db/client.ts";
import { parseCommandEnv } from "../server/env.ts";
import { roleNames } from "../server/users/create-user.ts";

const usage = [
  "Uso / usage:",
  "  npm run user:create -- --name NOMBRE --email CORREO --role ROL",
  `  ROL: ${roleNames.join(" | ")}`,
  "  La contraseña se pide sin mostrarla, o se lee de la entrada estándar:",
  "    printf '%s\\n' \"$CLAVE\" | npm run user:create -- …",
  "  --password CONTRASEÑA también vale, pero queda a la vista de todos en `ps`.",
  "",
  "  Verificación en dos pasos perdida (móvil y códigos de recuperación):",
  "  npm run user:create -- --reset-two-factor --email CORREO",
  "    la quita y cierra todas las sesiones de esa cuenta; al entrar de nuevo la configura.",
].join("\n");

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

type Arguments =
  | (Omit<UserCreateRequest, "password"> & { password?: string })
  | ResetSecondFactorRequest;

function readArguments(): Arguments {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        "reset-two-factor": { type: "boolean" },
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
  if (values["reset-two-factor"]) {
    const extra = ["name", "password", "role"].filter((key) => values[key] !== undefined);
    if (extra.length) {
      stop(
        `Error: --reset-two-factor solo lleva --email (sobra: ${extra.map((key) => `--${key}`).join(", ")}).`,
        usage,
      );
    }
    const email = typeof values.email === "string" ? values.email.trim() : "";
    if (!email) stop("Error: falta --email.", usage);
    return { command: "user:reset-two-factor", email };
  }
  const missing = ["name", "email", "role"].filter(
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
    password: values.password as string | undefined,
    role,
  };
}

/** Asks on the terminal without echoing what is typed (raw mode: we draw nothing back). */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  // Echo off before the question shows: whatever is typed as soon as it shows stays hidden.
  input.setRawMode(true);
  process.stderr.write(question);
  input.setEncoding("utf8");
  input.resume();
  return new Promise((resolve) => {
    let typed: string[] = [];
    const finish = () => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish();
          resolve(typed.join(""));
          return;
        }
        if (char === "\u0003") {
          // Ctrl-C: raw mode delivers it as a character, not as SIGINT.
          finish();
          process.exit(130);
        }
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed.push(char);
      }
    };
    input.on("data", onData);
  });
}

/** The first line of standard input (a password piped by a script or a secrets manager). */
async function readStandardInput(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/, 1)[0] ?? "";
}

async function readPassword(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  if (!process.stdin.isTTY) {
    const piped = await readStandardInput();
    if (!piped) stop("Error: falta la contraseña (la entrada estándar está vacía).", usage);
    return piped;
  }
  const password = await promptHidden("Contraseña (no se muestra): ");
  if (!password) stop("Error: falta la contraseña.");
  if ((await promptHidden("Repite la contraseña: ")) !== password) {
    stop("Error: las dos contraseñas no coinciden; no se ha creado el usuario.");
  }
  return password;
}

/** Stops unless DATA_DIR holds an embedded database (the site makes it at its first start). */
function refuseWithoutEmbeddedDatabase(dataDir: string) {
  const folder = path.resolve(dataDir);
  if (hasEmbeddedDatabase(folder)) return;
  stop(
    `Error: no hay ninguna base de datos embebida en DATA_DIR (${folder}); no se ha creado el usuario.`,
    "  DATA_DIR debe ser la carpeta de datos del sitio: revísalo en .env o en el entorno (o pon",
    "  DATABASE_URL si el sitio usa PostgreSQL). Si el sitio no ha arrancado nunca, arráncalo una",
    "  vez (npm start o npm run serve) o crea la base con: npm run db:migrate -- --init",
  );
}

async function main() {
  const given = readArguments();
  const env = parseCommandEnv();
  const request: ControlRequest =
    given.command === "user:reset-two-factor"
      ? given
      : { ...given, password: await readPassword(given.password) };

  // Only the embedded database is a running site's alone; PostgreSQL is opened directly, so a
  // site on another database in the same DATA_DIR never takes the user (decision 022).
  let response: ControlResponse | undefined = env.DATABASE_URL
    ? undefined
    : await requestRunningSite(env.DATA_DIR, request);
  let where = "a través del servidor en marcha";
  if (!response) {
    // A wrong or missing DATA_DIR would otherwise get a new, empty database of its own, and the
    // account would be made there, where no site looks (decision 086).
    if (!env.DATABASE_URL) refuseWithoutEmbeddedDatabase(env.DATA_DIR);
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
    const what =
      request.command === "user:reset-two-factor"
        ? "no se ha restablecido la verificación en dos pasos."
        : "no se ha creado el usuario.";
    stop(`Error: ${what}`, ...(details.length ? details : [response.message]));
  }
  if ("reset" in response) {
    const { reset, hadSecondFactor } = response;
    console.log(
      hadSecondFactor
        ? `Verificación en dos pasos quitada (${where}) a ${reset.name} <${reset.email}>; sus sesiones están cerradas y se le ha avisado por correo. Al entrar con su contraseña la configurará de nuevo.`
        : `${reset.name} <${reset.email}> no tenía la verificación en dos pasos activada (${where}); sus sesiones están cerradas igualmente.`,
    );
    return;
  }
  if (!("user" in response)) stop("Error: respuesta inesperada del servidor.");
  const { user } = response;
  console.log(
    `Usuario creado (${where}): ${user.name} <${user.email}>, rol ${user.role}, verificado, id ${user.id}.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => stop(`Error: ${operatorMessage(error)}`),
);
