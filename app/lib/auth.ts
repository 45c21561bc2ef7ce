// Auth state of SPEC §4 for components and client middleware: restore the stored token and load
// the user, sign in and out, and the role and section labels of SPEC §6.
import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { ApiError, api } from "./api";
import {
  getSession,
  readStoredToken,
  SERVER_STATE,
  type SessionState,
  setSession,
  storeToken,
  subscribeSession,
  TOKEN_KEY,
  type User,
} from "./session";

export type { Permission, Role, User } from "./session";
export { TOKEN_KEY };

let pending: Promise<SessionState> | null = null;

/**
 * Bring the in-memory session in line with the stored token (SPEC §2: "before each navigation
 * the stored token is restored"): loads the user when the token is new or its last check
 * failed, clears it when GET /api/user rejects it. Cheap when nothing changed, so every guard
 * and every navigation may await it.
 */
export function restoreSession(): Promise<SessionState> {
  const stored = readStoredToken();
  const current = getSession();
  if (current.ready && current.token === stored) return Promise.resolve(current);
  if (pending) return pending;
  pending = load(stored).finally(() => {
    pending = null;
  });
  return pending;
}

async function load(stored: string | null): Promise<SessionState> {
  if (!stored) {
    setSession({ ready: true, token: null, user: null });
    return getSession();
  }
  setSession({ token: stored });
  try {
    const { user } = await api<{ user: User }>("GET", "user", undefined, { silent: true });
    setSession({ ready: true, token: stored, user });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // SPEC §4 "if that fails the token is cleared": the server rejected the token itself.
      if (readStoredToken() === stored) storeToken(null);
      setSession({ ready: true, token: null, user: null });
    } else {
      // Aborted, offline, 5xx: says nothing about the token. Keep it; the user is not known
      // yet, the guards keep protected screens closed, and the next navigation asks again.
      setSession({ ready: false, token: stored, user: null });
    }
  }
  return getSession();
}

/** After GET /api/user succeeds again (e.g. once the e-mail is verified). */
export async function reloadUser(): Promise<void> {
  if (!getSession().token) return;
  try {
    const { user } = await api<{ user: User }>("GET", "user", undefined, { silent: true });
    setSession({ user });
  } catch {
    // api() already cleared a rejected token; anything else keeps the user as it was.
  }
}

/** Login and register answer { user, token } (SPEC §4). */
export function signIn(token: string, user: User): void {
  storeToken(token);
  setSession({ ready: true, token, user });
}

/**
 * GET /api/logout, then forget token and user whatever the answer (SPEC §4). Resolves with the
 * server's message when it answered, so the caller can show it after redirecting.
 */
export async function signOut(): Promise<{ title?: string; message?: string } | null> {
  let answer: { title?: string; message?: string } | null = null;
  try {
    answer = await api<{ title?: string; message?: string }>("GET", "logout", undefined, {
      silent: true,
    });
  } catch {
    // The visitor asked to leave: a failed call must not keep them signed in on this device.
  }
  storeToken(null);
  setSession({ ready: true, token: null, user: null });
  return answer;
}

export function isVerified(user: User | null): boolean {
  return Boolean(user?.email_verified_at);
}

export function useAuth(): SessionState & { verified: boolean } {
  const session = useSyncExternalStore(subscribeSession, getSession, () => SERVER_STATE);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    // After hydration only: the pre-rendered HTML never depends on who is signed in. Again on
    // every navigation, even between pages without guards, so a failed check is retried.
    void restoreSession();
  }, [pathname]);
  return { ...session, verified: isVerified(session.user) };
}

/** The first role decides (SPEC §3), named as the server names it; 'Rol Desconocido' otherwise. */
export function roleLabel(user: User | null): string {
  return user?.roles[0]?.label || "Rol Desconocido";
}

/**
 * A section's title is its permission's name (SPEC §2: "page title from the resource's section
 * name"), as the server sends it with the signed-in user; 'Sección Desconocida' otherwise.
 */
export function sectionTitle(key: string, user: User | null = getSession().user): string {
  return user?.roles[0]?.permissions.find((p) => p.key === key)?.name || "Sección Desconocida";
}

/** One admin section per permission of the first role (SPEC §6). */
export function adminSections(user: User | null): { key: string; title: string }[] {
  const permissions = user?.roles[0]?.permissions ?? [];
  return permissions.map(({ key }) => ({ key, title: sectionTitle(key, user) }));
}

/**
 * Where an admin section opens: its list, or for «Empresa», one record and no list (decision
 * 245), its record screen.
 */
export const adminSectionPath = (key: string): string =>
  key === "company" ? "/admin/company/record" : `/admin/${key}/index`;

/** SPEC §6: an admin route is allowed only when the first role holds the resource's permission. */
export function canManage(user: User | null, resource: string | undefined): boolean {
  return Boolean(resource && user?.roles[0]?.permissions.some((p) => p.key === resource));
}

if (typeof window !== "undefined") {
  // Signing in or out in another tab changes the stored token: follow it here too.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === TOKEN_KEY) void restoreSession();
  });
}
