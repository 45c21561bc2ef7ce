import type { ResourceDefinition } from "./resource.ts";
import { auditResource } from "./resources/audit.ts";
import { campaignsResource } from "./resources/campaigns.ts";
import { contactsResource } from "./resources/contacts.ts";
import { projectsResource } from "./resources/projects.ts";
import { replyTemplatesResource } from "./resources/reply-templates.ts";
import { reviewsResource } from "./resources/reviews.ts";
import { subscriptionsResource } from "./resources/subscriptions.ts";
import { teamResource } from "./resources/team.ts";
import { usersResource } from "./resources/users.ts";

/** Every admin resource by its {resource} key (a Map: no prototype keys like "constructor"). */
export const adminResources: ReadonlyMap<string, ResourceDefinition> = new Map(
  [
    usersResource,
    contactsResource,
    replyTemplatesResource,
    subscriptionsResource,
    campaignsResource,
    // Addition (issue 35): the site's own content.
    projectsResource,
    reviewsResource,
    teamResource,
    auditResource,
  ].map((r) => [r.key, r]),
);
