// What the staff member's security screen reads and is answered (decisions 220, 221): the
// API's shapes, shared by the route and its two panels.
export interface SecondFactorState {
  enabled: boolean;
  required_from: string | null;
  required: boolean;
  recovery_codes_left: number;
}

export interface OpenSession {
  id: number;
  browser: string | null;
  created_at: string;
  last_used_at: string | null;
  current: boolean;
}

export interface Enrolment {
  secret: string;
  qr_svg: string;
}

export type ActionData =
  | { intent: "setup"; enrolment: Enrolment }
  | { intent: "confirm" | "codes"; recoveryCodes: string[] }
  | { intent: string; errors: Record<string, string[]> }
  | { intent: string; done: true };
