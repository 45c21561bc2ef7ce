import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Access markers of SPEC §2 are the layout routes under routes/access/ (owner "account").
  layout("routes/access/public-outline.tsx", [index("routes/home.tsx")]),
  layout("routes/access/outline.tsx", [
    route("register", "routes/account/register.tsx"),
    route("login", "routes/account/login.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
  ]),
  route("verify-email/:token", "routes/account/verify-email.tsx"),
  route("change-password/:email/:token", "routes/account/change-password.tsx"),
  layout("routes/access/online.tsx", [route("dashboard", "routes/account/dashboard.tsx")]),
  layout("routes/access/verified.tsx", [
    route("profile", "routes/account/profile.tsx"),
    route("settings", "routes/account/settings.tsx"),
  ]),
  layout("admin/routes/layout.tsx", [
    route("admin/:resource/index", "admin/routes/list.tsx"),
    // The create and update screens share one module (the record's id picks the screen).
    route("admin/:resource/create", "admin/routes/form.tsx", { id: "admin/routes/create" }),
    route("admin/:resource/update/:id", "admin/routes/form.tsx", { id: "admin/routes/update" }),
    // A record read-only, with its status, notes and history (issue 13).
    route("admin/:resource/detail/:id", "admin/routes/detail.tsx"),
    // A newsletter campaign's preview, test and send (only for :resource = campaigns).
    route("admin/:resource/send/:id", "admin/routes/campaign.tsx"),
    // The one company record, «Empresa» (only for :resource = company; decision 245).
    route("admin/:resource/record", "admin/routes/company.tsx"),
    // Where the leads came from, and Google Ads' conversions (only for :resource = contacts).
    route("admin/:resource/fuentes", "admin/routes/sources.tsx"),
  ]),
  // A staff member's own security: second factor and sessions (decisions 220, 221).
  layout("admin/routes/account-layout.tsx", [
    route("admin/seguridad", "admin/routes/security.tsx"),
  ]),
  layout("routes/access/public-verify.tsx", [
    route("contact", "routes/contact.tsx"),
    route("team", "routes/team.tsx"),
    // A draft member's and a draft opinion's preview links (decision 270).
    route("team/vista-previa/:token", "routes/team.tsx", { id: "routes/team-preview" }),
    route("opiniones/vista-previa/:token", "routes/review-preview.tsx"),
    // Issue 35 (decisions 249, 250): finished projects, and a draft's preview link.
    route("obras", "routes/projects.tsx"),
    route("obras/vista-previa/:token", "routes/project.tsx", { id: "routes/project-preview" }),
    route("obras/:slug", "routes/project.tsx"),
    route("gallery", "routes/gallery.tsx"),
    route("services", "routes/services.tsx"),
    route("service/:category", "routes/service-category.tsx"),
    route("service/:category/:slug", "routes/service-detail.tsx"),
  ]),
  // The newsletter mails' two link pages share one module (the address picks the page).
  route("newsletter/confirmar", "routes/newsletter-link.tsx", { id: "routes/newsletter-confirm" }),
  route("newsletter/baja", "routes/newsletter-link.tsx", { id: "routes/newsletter-unsubscribe" }),
  // The legal pages share one module (the address picks the text); each keeps its own id.
  route("terms-and-conditions", "routes/legal.tsx", { id: "routes/terms-and-conditions" }),
  route("privacy-and-politics", "routes/legal.tsx", { id: "routes/privacy-and-politics" }),
  route("cookies-politics", "routes/legal.tsx", { id: "routes/cookies-politics" }),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
