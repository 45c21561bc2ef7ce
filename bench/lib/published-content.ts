/**
 * What a company that has started using the admin publishes: a featured kitchen project with two
 * before/after pairs of photos, an opinion on it and a team member with a photo. Stored through
 * the product's own photo encoder and store (the same variants staff's uploads get), written to
 * the bench's PostgreSQL database and announced as a publish does, so the public pages the
 * benches measure carry real photos instead of the empty-content fallbacks.
 */

import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPostgres } from "../../server/db/client.ts";
import { projectPhotos, projects, reviews, teamMembers } from "../../server/db/schema.ts";
import { siteContentChanged } from "../../server/site-content/version.ts";
import { encodeSitePhoto } from "../../server/site-photos/encode.ts";
import { storeSitePhoto } from "../../server/site-photos/store.ts";
import { picture } from "../../tests/support/photos.ts";

export const sampleProject = {
  slug: "cocina-abierta-en-ruzafa",
  service: "reformas-de-cocinas",
} as const;

/** Publishes the sample content; answers the project's public address. */
export async function publishSampleContent(databaseUrl: string): Promise<string> {
  const handle = await openPostgres(databaseUrl);
  const dir = mkdtempSync(path.join(os.tmpdir(), "obra-sample-photos-"));
  try {
    const { db } = handle;
    // A camera-sized file per photo, each its own picture: the encoder makes every width.
    const photo = async (seed: number, name: string) => {
      const file = path.join(dir, name);
      await picture(2400, 1800, seed).jpeg({ quality: 85 }).toFile(file);
      const encoded = await encodeSitePhoto(file, name);
      if ("error" in encoded) throw new Error(encoded.error);
      const originalSha256 = createHash("sha256").update(name).digest();
      return storeSitePhoto(db, { originalSha256, name, uploadedBy: null }, encoded);
    };
    const stages = [
      ["antes", "La cocina cerrada antes de la obra, con muebles de 1985"],
      ["despues", "La cocina abierta al salón, con isla de cuarzo blanco"],
      ["antes", "El pasillo oscuro que daba a la cocina"],
      ["despues", "El pasillo convertido en despensa con luz natural"],
    ] as const;
    const photoIds: number[] = [];
    for (const [i] of stages.entries()) photoIds.push(await photo(i * 53, `obra-${i + 1}.jpg`));
    const memberPhoto = await photo(211, "equipo-1.jpg");

    await db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({
          title: "Cocina abierta en Ruzafa",
          slug: sampleProject.slug,
          service: sampleProject.service,
          city: "Valencia",
          province: "Valencia",
          year: 2025,
          duration: "6 semanas",
          summary: "Tiramos el tabique, abrimos la cocina al salón y ganamos una isla de trabajo.",
          body: "## La obra\n\nDemolición del tabique, nueva instalación eléctrica y de fontanería, suelo porcelánico continuo y muebles lacados a medida.",
          featured: true,
          status: "published",
          published_at: new Date(),
        })
        .returning({ id: projects.id });
      const projectId = project?.id as number;
      await tx.insert(projectPhotos).values(
        stages.map(([stage, alt], i) => ({
          project_id: projectId,
          photo_id: photoIds[i] as number,
          position: i,
          stage,
          alt,
          cover: i === 1,
        })),
      );
      await tx.insert(reviews).values({
        author: "Marta G.",
        city: "Valencia",
        service: sampleProject.service,
        project_id: projectId,
        rating: 5,
        text: "Cumplieron el plazo y dejaron la casa limpia cada día. La cocina es otra.",
        reviewed_on: "2025-10-02",
        source: "directa",
        consent_proof: "Correo de la clienta del 2 de octubre de 2025",
        published: true,
      });
      await tx.insert(teamMembers).values({
        name: "Lucía Ferrer",
        role: "Jefa de obra",
        photo_id: memberPhoto,
        bio: "Arquitecta técnica; coordina los oficios de cada obra en Valencia.",
        position: 1,
        published: true,
      });
      await siteContentChanged(tx);
    });
    return `/obras/${sampleProject.slug}`;
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
