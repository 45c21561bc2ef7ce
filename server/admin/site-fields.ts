/**
 * Form fields of the site's content sections (issue 35; decision 249): a choice among coded
 * values (a service's slug), a site photo, and a project's ordered photos.
 */
import { z } from "zod";
import { projectMessages } from "../../content/project-fields.ts";
import { photoStages } from "../../content/projects.ts";
import type { Choice } from "../../content/quote-request.ts";
import { type Field, fieldMessages, type Options } from "../fields.ts";
import { hasControlCharacter } from "../validation.ts";

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * One code among `choices`, drawn as a selector whose options' ids are the codes (the form
 * sends back the id it was given). The choices are the only values it accepts.
 */
export function choice(
  title: string,
  choices: readonly Choice[],
  settings: { required?: boolean } = {},
): Field {
  const options: Options = async () =>
    choices.map(({ value, label }) => ({ id: value as unknown as number, title: label }));
  const values = new Set(choices.map((c) => c.value));
  const schema = z
    .string({
      error: (issue) =>
        issue.input === undefined ? fieldMessages.required(title) : fieldMessages.option(title),
    })
    .refine((value) => values.has(value), fieldMessages.option(title));
  const input = z
    .preprocess(
      (value) => (isBlank(value) ? undefined : value),
      settings.required ? schema : schema.optional(),
    )
    .transform((value) => value ?? null);
  return { type: "selector", title, blank: null, input, options };
}

/** A site photo's id (server/site-photos/), or none. */
export function photo(title: string): Field {
  const input = z
    .preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z
        .number({ error: () => fieldMessages.option(title) })
        .int(fieldMessages.option(title))
        .positive(fieldMessages.option(title))
        .optional(),
    )
    .transform((value) => value ?? null);
  return { type: "photo", title, blank: null, input };
}

/** A project photo as its form sends it. */
export interface ProjectPhotoInput {
  photo_id: number;
  stage: "antes" | "durante" | "despues";
  alt: string;
  cover: boolean;
}

export const maxProjectPhotos = 40;
const stageValues = new Set(photoStages.map((s) => s.value));

/**
 * A project's photos, in order: each a site photo, its stage and its alt text (required); one
 * may be the cover (none marked: the first is). Every fault is one message on the field.
 */
export function projectPhotoList(title: string): Field<ProjectPhotoInput[]> {
  const input = z.unknown().transform((value, context): ProjectPhotoInput[] => {
    if (isBlank(value)) return [];
    const fault = (message: string) => {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (!Array.isArray(value)) return fault(projectMessages.list);
    if (value.length > maxProjectPhotos) {
      return fault(projectMessages.tooManyPhotos(maxProjectPhotos));
    }
    const photos: ProjectPhotoInput[] = [];
    for (const [index, item] of value.entries()) {
      const position = index + 1;
      const entry = (item ?? {}) as Record<string, unknown>;
      const id = entry.photo_id;
      if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        return fault(projectMessages.photoMissing);
      }
      const stage = String(entry.stage ?? "");
      if (!stageValues.has(stage)) return fault(projectMessages.stage(position));
      const alt = typeof entry.alt === "string" ? entry.alt.replace(/\s+/g, " ").trim() : "";
      if (!alt) return fault(projectMessages.altMissing(position));
      if (alt.length > 250) return fault(fieldMessages.maxLength(`${title} ${position}`, 250));
      if (hasControlCharacter(alt)) return fault(fieldMessages.controlCharacters(title));
      photos.push({
        photo_id: id,
        stage: stage as ProjectPhotoInput["stage"],
        alt,
        cover: entry.cover === true,
      });
    }
    const covers = photos.filter((p) => p.cover).length;
    if (covers > 1) return fault(projectMessages.oneCover);
    if (covers === 0 && photos[0]) photos[0].cover = true;
    return photos;
  });
  return { type: "photos", title, blank: [], input };
}
