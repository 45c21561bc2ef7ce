import { Link } from "react-router";
import { primaryButton, secondaryButton, textLink } from "~/components/buttons";
import { CallLink } from "~/components/call-link";
import { GalleryScroller } from "~/components/gallery-scroller";
import { ImageGrid } from "~/components/image-grid";
import { imagePreloadMeta } from "~/components/image-preload";
import { NextStep } from "~/components/next-step";
import { Picture } from "~/components/picture";
import { ProjectCard, ReviewList, sidewaysItem, sidewaysRow } from "~/components/project-card";
import { SandBand } from "~/components/sand-band";
import { SectionHeading } from "~/components/section-heading";
import { ServicesGrid } from "~/components/service-card";
import { WelcomeCarousel } from "~/components/welcome-carousel";
import { useCompany } from "~/lib/company";
import { pageMeta } from "~/lib/seo";
import { useShuffled } from "~/lib/shuffle";
import { businessJsonLd } from "~/lib/structured-data.server";
import type { CompanyFacts } from "../../content/company";
import {
  galleryStrip,
  homeGallery,
  keywordsBlock,
  nextStepLines,
  servicesIntro,
  visitNextStep,
  welcomeSlides,
  withYears,
} from "../../content/home";
import { imageIds } from "../../content/images";
import { categories, servicePath, services } from "../../content/services";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/home";

const heroSizes = "(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw";

/** The hero image's preload comes with its data; the fonts' are the root route's (044). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? [
        ...pageMeta({ ...loaderData.seo, path: "/", jsonLd: loaderData.jsonLd }, matches),
        imagePreloadMeta(loaderData.hero.image, heroSizes),
      ]
    : [];

/**
 * The home page's content travels as loader data (pre-rendered into the page), not as code:
 * the services catalogue then stays out of the home page's JavaScript, which must hydrate
 * within the 120 KB budget.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const company: CompanyFacts = await context.get(siteContentContext).get("company");
  const portfolio = await context.get(siteContentContext).get("portfolio");
  return {
    // Issue 35: the featured projects and the latest opinions, none when there are none (251).
    featured: portfolio.projects.filter((project) => project.featured).slice(0, 6),
    reviews: portfolio.reviews.slice(0, 4),
    // The description, the hero's subtitle and a figure say how long it has worked.
    ...withYears(company.yearsOfExperience),
    jsonLd: [businessJsonLd(company)],
    welcomeSlides,
    servicesIntro,
    serviceCards: services.map((service) => ({
      title: service.title,
      summary: service.summary,
      image: service.image,
      href: servicePath(service),
      eyebrow: categories.find((category) => category.slug === service.category)?.label,
    })),
    visitNextStep,
    nextStepLines,
    galleryStrip,
    keywordsBlock,
    homeGallery,
  };
}

type HomeContent = Route.ComponentProps["loaderData"];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { welcomeSlides, servicesIntro, serviceCards, galleryStrip, nextStepLines } = loaderData;
  const stripItems = galleryStrip.images.map((image) => ({ image }));
  return (
    <>
      <Hero hero={loaderData.hero} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <WelcomeCarousel slides={welcomeSlides} label="Lo que hacemos" />
        <NextStepLine lead={nextStepLines.afterCarousel} lines={nextStepLines} />
      </div>
      <SandBand id="servicios" title={servicesIntro.title} subtitle={servicesIntro.subtitle}>
        <ServicesGrid cards={serviceCards} />
        <p className="mt-8 flex flex-col gap-3 sm:mt-10 sm:flex-row">
          <Link to={servicesIntro.quoteLink.url} className={primaryButton}>
            {servicesIntro.quoteLink.text}
          </Link>
          <Link to="/services" className={secondaryButton}>
            Ver todos los servicios por área
          </Link>
        </p>
      </SandBand>
      <Info info={loaderData.info} lines={nextStepLines} />
      <section aria-labelledby="obras-recientes" className="mx-auto max-w-7xl px-4">
        <GalleryScroller
          items={stripItems}
          label={`${galleryStrip.title}: desplázate para ver más`}
          heading={
            <h2 id="obras-recientes" className="text-3xl font-semibold sm:text-4xl">
              {galleryStrip.title}
            </h2>
          }
        />
      </section>
      {loaderData.featured.length > 0 ? (
        <section aria-labelledby="obras-destacadas" className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="obras-destacadas" className="text-3xl font-semibold sm:text-4xl">
            Obras destacadas
          </h2>
          <ul className={`mt-8 ${sidewaysRow} lg:grid-cols-3`}>
            {loaderData.featured.map((project) => (
              <ProjectCard key={project.slug} project={project} className={sidewaysItem} />
            ))}
          </ul>
          <p className="mt-8">
            <Link to="/contact" className={textLink}>
              Pide presupuesto para una obra así
            </Link>
          </p>
        </section>
      ) : null}
      <ReviewList reviews={loaderData.reviews} headingId="opiniones" sideways />
      <NextStep
        id="siguiente-paso-visita"
        title={loaderData.visitNextStep.title}
        text={loaderData.visitNextStep.text}
        showGallery={false}
      />
      <Keywords keywordsBlock={loaderData.keywordsBlock} lines={nextStepLines} />
      <HomeGallery homeGallery={loaderData.homeGallery} />
      <NextStep />
    </>
  );
}

/**
 * A quiet next step closing a section (decision 182): the section's own words, then the quote
 * and the call as links within the sentence. Between the page's buttons, so that on a phone no
 * two screens pass without either, without another block of buttons.
 */
function NextStepLine({ lead, lines }: { lead: string; lines: HomeContent["nextStepLines"] }) {
  const company = useCompany();
  return (
    <p className="mt-8 max-w-3xl text-lg leading-relaxed text-ink-soft">
      {lead}{" "}
      <Link to={lines.quote.url} className={textLink}>
        {lines.quote.text}
      </Link>{" "}
      {lines.call} <CallLink className={`whitespace-nowrap ${textLink}`}>{company.phone}</CallLink>.
    </p>
  );
}

/**
 * On a phone the first screen holds the subtitle, the title and «Pide tu presupuesto», above the
 * action bar fixed at the bottom and above the cookie banner standing on it, down to a 320 × 568
 * phone (decision 182): a smaller title, and the two paragraphs and the call shown after
 * that button with `order` (the buttons' box lets them go with `contents`). The HTML keeps its
 * order, so screen readers and search engines read the hero as before; the bar at the foot
 * offers the call on the first screen. From 640 px nothing changes.
 */
function Hero({ hero }: { hero: HomeContent["hero"] }) {
  const company = useCompany();
  const [first, second] = hero.descriptions;
  const text = "max-w-xl text-lg leading-relaxed text-ink-soft max-sm:order-last";
  return (
    <section aria-labelledby="titulo" className="border-b border-sand-200 bg-sand-50">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 pt-4 pb-6 sm:gap-10 sm:py-16 lg:grid-cols-2 lg:gap-14">
        <div className="flex flex-col">
          <p className="mb-2 text-sm font-semibold tracking-wide text-terracotta uppercase max-[22.5rem]:text-xs sm:mb-4">
            {hero.subtitle}
          </p>
          <h1
            id="titulo"
            className="text-[1.625rem] leading-[1.1] font-semibold min-[22.5rem]:text-[2rem] sm:text-5xl lg:text-6xl"
          >
            {hero.title}
          </h1>
          <p className={`mt-6 sm:mt-5 ${text}`}>{first}</p>
          <p className={`mt-4 sm:mt-5 ${text}`}>{second}</p>
          <div className="mt-8 flex flex-row gap-3 max-sm:contents">
            <Link to={hero.primaryLink.url} className={`max-sm:mt-5 ${primaryButton}`}>
              {hero.primaryLink.text}
            </Link>
            <CallLink className={`max-sm:order-last max-sm:mt-6 ${secondaryButton}`}>
              Llama al {company.phone}
            </CallLink>
          </div>
        </div>
        <div className="overflow-hidden rounded-lg shadow-md ring-1 ring-sand-200">
          <Picture
            id={hero.image}
            sizes={heroSizes}
            priority
            className="aspect-video h-auto w-full object-cover"
          />
        </div>
      </div>
    </section>
  );
}

function Info({ info, lines }: { info: HomeContent["info"]; lines: HomeContent["nextStepLines"] }) {
  return (
    <section aria-labelledby="como-trabajamos" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="como-trabajamos" className="text-3xl font-semibold sm:text-4xl">
            {info.title}
          </h2>
          {info.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-ink-soft">
              {paragraph}
            </p>
          ))}
        </div>
        <dl className="grid grid-cols-2 gap-4 self-start">
          {info.facts.map((fact) => (
            <div
              key={fact.label}
              className="flex flex-col-reverse rounded-lg bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6"
            >
              <dt className="mt-2 text-sm leading-snug text-ink-soft">{fact.label}</dt>
              <dd className="font-display text-4xl font-semibold text-terracotta sm:text-5xl">
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <NextStepLine lead={lines.afterInfo} lines={lines} />
    </section>
  );
}

function Keywords({
  keywordsBlock,
  lines,
}: {
  keywordsBlock: HomeContent["keywordsBlock"];
  lines: HomeContent["nextStepLines"];
}) {
  const half = Math.ceil(keywordsBlock.items.length / 2);
  const halves = [keywordsBlock.items.slice(0, half), keywordsBlock.items.slice(half)];
  return (
    <SandBand id="que-y-donde" title={keywordsBlock.title} subtitle={keywordsBlock.intro}>
      <div className="grid gap-x-12 sm:grid-cols-2">
        {halves.map((items) => (
          <ul key={items[0]?.url} className="divide-y divide-sand-200">
            {items.map((item) => (
              <li key={item.text}>
                <Link
                  to={item.url}
                  className="flex min-h-12 items-center justify-between gap-4 py-3 font-medium text-ink hover:text-terracotta"
                >
                  {item.text}
                  <span aria-hidden="true" className="text-terracotta">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </div>
      <NextStepLine lead={lines.afterKeywords} lines={lines} />
    </SandBand>
  );
}

function HomeGallery({ homeGallery }: { homeGallery: HomeContent["homeGallery"] }) {
  const shuffledImages = useShuffled(imageIds);
  return (
    <section aria-labelledby="galeria-inicio" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <SectionHeading id="galeria-inicio" title={homeGallery.title} />
      <ImageGrid images={shuffledImages.slice(0, homeGallery.size)} twoOnPhones />
      <p className="mt-8">
        <Link to={homeGallery.link.url} className={secondaryButton}>
          {homeGallery.link.text}
        </Link>
      </p>
    </section>
  );
}
