-- Decision 183. The retention sweep deletes, each hour, sign-in tokens past their expiry and
-- link tokens (e-mail verification, password reset) once used or expired; these let it find
-- them without reading every row. A link token is spent when coalesce(used_at, expires_at) is
-- past: a link is always used before it expires.
CREATE INDEX "access_tokens_expires_idx" ON "access_tokens" ("expires_at");
--> statement-breakpoint
CREATE INDEX "one_time_tokens_spent_idx" ON "one_time_tokens" (coalesce("used_at", "expires_at"));
