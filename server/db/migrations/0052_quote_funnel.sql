-- Decision 261 (issue 36): how many visitors reach each step of the quote form, per office day
-- and service: one counter per row, nothing that tells one visitor from another. `service` is a
-- catalogue slug or 'ninguno' (none chosen yet); `step` one of content/quote-funnel.ts.
CREATE TABLE "quote_funnel" (
  "day" date NOT NULL,
  "service" text NOT NULL,
  "step" text NOT NULL,
  "count" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "quote_funnel_pk" PRIMARY KEY ("day", "service", "step")
);
