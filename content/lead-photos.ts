/**
 * What staff and the visitor's confirmation call the photos sent with a quote request (the form
 * itself asks for "Fotos o planos", content/quote-request.ts): received and kept on the site,
 * never attached to a mail (decision 131), so not "adjuntas". Only the admin imports this file
 * in the browser (vite.config.ts keeps it out of the public pages' chunk).
 */
export const leadPhotosLabel = "Fotos recibidas";
