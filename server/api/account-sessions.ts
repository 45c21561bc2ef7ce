import { Hono } from "hono";
import { z } from "zod";
import { closeOtherSessions, liveSessions } from "../auth/access-tokens.ts";
import { type AuthEnv, requireUser } from "../auth/session.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { jsonBodyOf, validated } from "../validation.ts";

const CloseBody = z.object({
  id: z
    .number({ error: "Indica el «id» numérico de la sesión." })
    .int("Indica el «id» numérico de la sesión.")
    .positive("Indica el «id» numérico de la sesión.")
    .max(2_147_483_647, "La sesión no existe."),
});

/**
 * The signed-in user's own sessions (decision 221): where and when each sign-in token was made
 * and last used, and closing one or all of the others. Any signed-in account may (401 signed
 * out); the admin's «Seguridad de la cuenta» shows them to staff. A closed token is deleted:
 * this instance forgets it at once, the others on migration 0002's announcement.
 */
export function createAccountSessionsRouter(deps: Dependencies) {
  const { db, sessions } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.get("/", async (c) => {
    return c.json({ sessions: await liveSessions(db, c.var.user.id, c.var.tokenHash) });
  });

  router.post("/close", async (c) => {
    const { id } = validated(CloseBody, await jsonBodyOf(c));
    const closed = await closeOtherSessions(db, c.var.user.id, c.var.tokenHash, id);
    if (!closed.length) {
      fail(404, {
        title: "No encontrada",
        message:
          "Esa sesión ya no está abierta, o es la que estás usando (para salir de esta, usa «Cerrar sesión»).",
      });
    }
    for (const hash of closed) sessions.forgetToken(hash);
    return c.json({ title: "Sesión cerrada", message: "Esa sesión se ha cerrado." });
  });

  router.post("/close-others", async (c) => {
    const closed = await closeOtherSessions(db, c.var.user.id, c.var.tokenHash);
    for (const hash of closed) sessions.forgetToken(hash);
    return c.json({
      title: "Sesiones cerradas",
      message:
        closed.length === 1
          ? "Se ha cerrado 1 sesión. Solo sigue abierta esta."
          : `Se han cerrado ${closed.length} sesiones. Solo sigue abierta esta.`,
      closed: closed.length,
    });
  });

  return router;
}
