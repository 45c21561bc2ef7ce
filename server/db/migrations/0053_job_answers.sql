-- Decision 265 (issue 36): the answers to the chosen service's question
-- (content/service-questions.ts), kept as `question:choice|choice`. A detail like the others
-- (content/quote-fields.ts, decision 240): store_contact writes it by name.
ALTER TABLE "contacts" ADD COLUMN "job_answers" text;
