import { sql } from "drizzle-orm";
import { teamLabels } from "../../../content/project-fields.ts";
import { inFull, sitePhotoFiles, teamMembers } from "../../db/schema.ts";
import { checkbox, number, text, textarea } from "../../fields.ts";
import { failValidation } from "../../http-errors.ts";
import { photosExist } from "../../site-photos/store.ts";
import { announcingChanges } from "../content-changes.ts";
import { defineResource, type FormInput } from "../resource.ts";
import { photo } from "../site-fields.ts";

export const teamFields = {
  name: text(teamLabels.name, { required: true, max: 80, personName: true }),
  role: text(teamLabels.role, { required: true, max: 80 }),
  photo_id: photo(teamLabels.photo),
  bio: textarea(teamLabels.bio, { required: true, max: 600 }),
  position: number(teamLabels.position, { min: 0, max: 999 }),
  published: checkbox(teamLabels.published),
};

async function columns(input: FormInput) {
  const { id: _id, ...values } = input;
  return { ...values, ...(values.position === null ? { position: 0 } : {}) };
}

/** The team (decision 249): shown on /team in their order once published, with their photo. */
export const teamResource = defineResource({
  key: "team",
  title: "Equipo",
  table: teamMembers,
  routes: ["create", "update", "delete"],
  fields: teamFields,
  list: ["name", "role", "position", "published"],
  columns: { photo_thumbnail: "Miniatura", created_at: "Creado", updated_at: "Modificado" },
  select: {
    id: teamMembers.id,
    name: teamMembers.name,
    role: teamMembers.role,
    photo_id: teamMembers.photo_id,
    photo_thumbnail: sql<string | null>`(select f.hash from ${sitePhotoFiles} f
      where f.photo_id = ${inFull(teamMembers.photo_id)} and f.format = 'jpeg'
      order by f.width limit 1)`.as("photo_thumbnail"),
    bio: teamMembers.bio,
    position: teamMembers.position,
    published: teamMembers.published,
    created_at: teamMembers.created_at,
    updated_at: teamMembers.updated_at,
  },
  notExported: ["photo_thumbnail"],
  search: [teamMembers.name, teamMembers.role],
  toColumns: columns,
  ...announcingChanges(teamMembers, columns),
  async authorizeChange(db, change) {
    if (change.action === "delete") return;
    const id = change.input.photo_id;
    if (typeof id === "number" && !(await photosExist(db, [id]))) {
      failValidation({ photo_id: ["La foto ya no existe; vuelve a subirla."] });
    }
  },
});
