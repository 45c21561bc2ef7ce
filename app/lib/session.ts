// The browser's auth state (SPEC §3 "Auth state": token and userInfo) as one module-level store,
// so React components (useSyncExternalStore) and client middleware read the same value.
// It never runs on the server: there is no token there, and pre-rendered HTML must not depend on it.

export interface Permission {
  key: string;
  name: string;
}

export interface Role {
  name: string;
  /** The role's Spanish name, as the server gives it. */
  label?: string;
  permissions: Permission[];
}

export interface User {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  roles: Role[];
  /**
   * Staff's second factor (decision 220): on or not, the day it becomes required (null: never),
   * and whether it is required now and missing (then only its enrolment opens).
   */
  two_factor?: { enabled: boolean; required_from: string | null; required: boolean };
}

export interface SessionState {
  /**
   * false on the server, during hydration, until the stored token has been checked, and while
   * a check failed without a verdict (aborted, offline, 5xx): the user is not known yet.
   */
  ready: boolean;
  token: string | null;
  user: User | null;
}

export const TOKEN_KEY = "authToken";

/** What the server and the hydrating client render: nothing auth-dependent. */
export const SERVER_STATE: SessionState = Object.freeze({ ready: false, token: null, user: null });

let state: SessionState = SERVER_STATE;
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    // Storage can be disabled (privacy modes): behave as signed out.
    return null;
  }
}

export function storeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Without storage the session lives only in memory, for this tab.
  }
}
