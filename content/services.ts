/**
 * The three service categories and the fourteen services: every text of the /services,
 * /service/{category} and /service/{category}/{slug} pages. Slugs are fixed by SPEC §2 (and
 * published in sitemap.xml): change the texts freely, never a slug.
 */
import type { ImageId, ServiceSlug } from "./images";
import { categoryPath, servicePath } from "./service-paths";
import type { Seo } from "./types";

export type CategorySlug = "reformas" | "construccion" | "interiorismo";

export interface Category {
  slug: CategorySlug;
  /** Short name used in menus, breadcrumbs and labels. */
  label: string;
  title: string;
  subtitle: string;
  image: ImageId;
  /** One sentence for cards that list the categories. */
  summary: string;
  descriptions: string[];
  seo: Seo;
}

export interface Service {
  slug: ServiceSlug;
  category: CategorySlug;
  /** Short name for cards, breadcrumbs and the page's eyebrow label. */
  label: string;
  title: string;
  subtitle: string;
  /** Main image of the page: always `${slug}-1`. */
  image: ImageId;
  /** Two or three sentences shown when a visitor opens a service card's description. */
  summary: string;
  /** The body of the detail page: what is included, how long it takes, where. */
  descriptions: string[];
  seo: Seo;
  /** Images of the 'Galería' region of the detail page (1 to 6). */
  gallery: ImageId[];
  /**
   * The services a visitor of this one most often needs too, in any category, shown first under
   * «Servicios relacionados» (the category's other services fill up to three).
   */
  related?: ServiceSlug[];
}

const gallery = (slug: ServiceSlug): ImageId[] =>
  [1, 2, 3, 4].map((n) => `${slug}-${n}` as ImageId);

export const categories: readonly Category[] = [
  {
    slug: "reformas",
    label: "Reformas",
    title: "Reformas de viviendas, hoteles y locales",
    subtitle:
      "Desde un baño hasta un edificio entero, con un único interlocutor y un presupuesto cerrado por partidas.",
    image: "cat-reformas",
    summary: "Cocinas, baños, pisos completos, chalets, hoteles, locales, fachadas y cubiertas.",
    descriptions: [
      "Reformamos pisos, casas, hoteles y locales en Madrid, Barcelona, Valencia y Alicante. Antes de empezar visitamos la obra, medimos y te entregamos un presupuesto cerrado por partidas, con materiales, plazos y forma de pago por escrito.",
      "Durante la obra tienes un jefe de obra asignado que coordina a todos los oficios —albañilería, fontanería, electricidad, carpintería y pintura— y te informa cada semana. Nos encargamos también de la licencia o la declaración responsable ante tu ayuntamiento.",
      "Al terminar limpiamos, revisamos contigo cada punto y te entregamos la documentación de las instalaciones y la garantía de los trabajos.",
    ],
    seo: {
      title: "Reformas de viviendas, hoteles y locales",
      description:
        "Reformas de pisos, cocinas, baños, casas, hoteles, locales, fachadas y tejados, con presupuesto cerrado. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas",
        "empresa de reformas",
        "reformas integrales",
        "reformas de cocinas",
        "reformas de baños",
        "reformas Valencia",
        "reformas Madrid",
        "reformas Barcelona",
        "reformas Alicante",
      ],
    },
  },
  {
    slug: "construccion",
    label: "Construcción",
    title: "Construcción y rehabilitación",
    subtitle:
      "Viviendas de obra nueva, edificios rehabilitados y locales comerciales, del proyecto a la entrega de llaves.",
    image: "cat-construccion",
    summary: "Viviendas de obra nueva, rehabilitación de edificios y locales comerciales.",
    descriptions: [
      "Construimos viviendas unifamiliares y locales comerciales y rehabilitamos edificios de viviendas en Cataluña, la Comunidad de Madrid y la Comunidad Valenciana. Trabajamos con tu arquitecto o ponemos el nuestro: proyecto básico y de ejecución, licencia de obras y dirección facultativa.",
      "Cada obra tiene un calendario por fases, desde la cimentación y la estructura hasta los acabados, y un presupuesto por capítulos que se revisa contigo antes de cada certificación. Así sabes en todo momento qué se ha hecho y qué se ha pagado.",
      "Entregamos la obra con el certificado final, el libro del edificio y el certificado de eficiencia energética, listos para la licencia de primera ocupación o de actividad.",
    ],
    seo: {
      title: "Construcción y rehabilitación",
      description:
        "Viviendas unifamiliares, rehabilitación de edificios y locales comerciales en Madrid, Barcelona, Valencia y Alicante: proyecto, licencia y obra.",
      keywords: [
        "construcción de viviendas",
        "constructora",
        "rehabilitación de edificios",
        "obra nueva",
        "construcción de locales comerciales",
        "constructora Valencia",
        "constructora Madrid",
        "constructora Barcelona",
      ],
    },
  },
  {
    slug: "interiorismo",
    label: "Interiorismo",
    title: "Interiorismo y diseño",
    subtitle:
      "Espacios pensados para cómo vives o trabajas: distribución, materiales, muebles a medida y luz.",
    image: "cat-interiorismo",
    summary: "Diseño y decoración de interiores, mobiliario a medida, iluminación y domótica.",
    descriptions: [
      "Nuestro equipo de interiorismo diseña la casa, el hotel o el local contigo: escucha cómo lo vas a usar, propone una distribución y elige materiales, colores, muebles y luz. Ves el resultado en imágenes 3D antes de que se mueva un solo ladrillo.",
      "Como el mismo equipo diseña y ejecuta, el proyecto llega a obra completo y con precio cerrado: no hay sorpresas entre lo que se dibujó y lo que se construye.",
      "Trabajamos en Madrid, Barcelona, Valencia y Alicante, tanto en reformas completas como en proyectos de decoración sin obra.",
    ],
    seo: {
      title: "Interiorismo, mobiliario e iluminación",
      description:
        "Diseño y decoración de interiores, muebles a medida, iluminación y domótica para viviendas, hoteles y locales en Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "interiorismo",
        "diseño de interiores",
        "decoración de interiores",
        "mobiliario a medida",
        "iluminación",
        "domótica",
        "interiorista Valencia",
        "interiorista Madrid",
      ],
    },
  },
];

export const services: readonly Service[] = [
  {
    slug: "reformas-integrales",
    category: "reformas",
    label: "Reformas integrales",
    title: "Reforma integral de tu vivienda",
    subtitle:
      "Tu piso, completo y a tu medida, en un plazo cerrado y con un único responsable de principio a fin.",
    image: "reformas-integrales-1",
    summary:
      "Redistribución, instalaciones nuevas, aislamiento y acabados de todo el piso. Un piso de 90 m² suele estar listo en 10 a 14 semanas.",
    descriptions: [
      "Una reforma integral renueva la vivienda entera: derribos y nueva distribución, instalaciones de fontanería y electricidad según el reglamento vigente, aislamiento térmico y acústico, carpintería exterior, suelos, cocina, baños y pintura. Antes de empezar recibes los planos de la nueva distribución y un presupuesto cerrado por partidas.",
      "Un piso de unos 90 m² suele estar terminado en 10 a 14 semanas desde el inicio de la obra. Te damos un calendario por fases y un jefe de obra que coordina a todos los oficios, de modo que tú solo hablas con una persona.",
      "Gestionamos la licencia o la declaración responsable con tu ayuntamiento, el contenedor y la protección de zonas comunes, y avisamos a la comunidad de vecinos. Trabajamos en Madrid, Barcelona, Valencia, Alicante y sus áreas metropolitanas.",
    ],
    seo: {
      title: "Reformas integrales de pisos y viviendas",
      description:
        "Reforma integral de tu piso con presupuesto cerrado y un jefe de obra: 90 m² en 10 a 14 semanas. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas integrales",
        "reforma integral de piso",
        "reforma de vivienda",
        "presupuesto reforma integral",
        "reformas integrales Valencia",
        "reformas integrales Madrid",
      ],
    },
    gallery: gallery("reformas-integrales"),
    related: ["reformas-de-cocinas", "reformas-de-banos", "diseno-y-decoracion-de-interiores"],
  },
  {
    slug: "reformas-de-cocinas",
    category: "reformas",
    label: "Reformas de cocinas",
    title: "Reforma de cocinas",
    subtitle: "Una cocina cómoda para cocinar y para estar, terminada en 4 a 6 semanas.",
    image: "reformas-de-cocinas-1",
    summary:
      "Diseño, muebles, encimera, electrodomésticos, fontanería, electricidad y revestimientos. De 4 a 6 semanas de obra, con un único interlocutor.",
    descriptions: [
      "Reformamos tu cocina en 4 a 6 semanas, con un único interlocutor de principio a fin. Empezamos midiendo y diseñando contigo la distribución: en línea, en L, en U o con isla, según el espacio y cómo cocinas.",
      "La reforma incluye la retirada de la cocina antigua, la renovación de fontanería y electricidad con circuitos independientes para horno e inducción, revestimientos y suelo, muebles, encimera de cuarzo, porcelánico o madera, fregadero, grifería, iluminación bajo muebles y la instalación de los electrodomésticos.",
      "Si quieres abrir la cocina al salón, estudiamos la pared y tramitamos el permiso necesario. Trabajamos en pisos y casas de Madrid, Barcelona, Valencia y Alicante, y te dejamos una cocina provisional cuando la obra lo permite.",
    ],
    seo: {
      title: "Reformas de cocinas en 4 a 6 semanas",
      description:
        "Reforma de cocina completa en 4 a 6 semanas: diseño, muebles, encimera e instalaciones. Presupuesto cerrado en Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas de cocinas",
        "reforma de cocina",
        "cocinas a medida",
        "cocina abierta al salón",
        "reforma cocina Valencia",
        "reforma cocina Madrid",
      ],
    },
    gallery: gallery("reformas-de-cocinas"),
    related: ["mobiliario-a-medida", "reformas-de-banos", "reformas-integrales"],
  },
  {
    slug: "reformas-de-banos",
    category: "reformas",
    label: "Reformas de baños",
    title: "Reforma de baños",
    subtitle: "Un baño nuevo, práctico y fácil de limpiar en 2 a 3 semanas.",
    image: "reformas-de-banos-1",
    summary:
      "Cambio de bañera por ducha, nuevos sanitarios, impermeabilización y revestimientos. Un baño completo en 2 a 3 semanas.",
    descriptions: [
      "Renovamos tu baño completo en 2 a 3 semanas: retirada de sanitarios y alicatado antiguos, nuevas tomas de agua y desagües, impermeabilización de la zona de ducha, revestimientos, plato de ducha a ras de suelo o bañera, mampara, mueble de lavabo, grifería, espejo e iluminación.",
      "Si lo que necesitas es cambiar la bañera por una ducha, lo hacemos en 2 a 4 días y cuidamos que el plato quede sin escalón, algo que agradecen especialmente las personas mayores o con movilidad reducida.",
      "Te ayudamos a elegir materiales resistentes a la humedad y sencillos de mantener, y te enseñamos muestras reales antes de decidir. Trabajamos en Madrid, Barcelona, Valencia, Alicante y alrededores.",
    ],
    seo: {
      title: "Reformas de baños en 2 a 3 semanas",
      description:
        "Reforma de baño o cambio de bañera por ducha a ras de suelo en 2 a 3 semanas, con presupuesto cerrado. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas de baños",
        "reforma de baño",
        "cambiar bañera por ducha",
        "plato de ducha a ras de suelo",
        "reforma baño Valencia",
        "reforma baño Alicante",
      ],
    },
    gallery: gallery("reformas-de-banos"),
    related: ["reformas-de-cocinas", "mobiliario-a-medida", "reformas-integrales"],
  },
  {
    slug: "reformas-de-hoteles",
    category: "reformas",
    label: "Reformas de hoteles",
    title: "Reforma de hoteles y apartamentos turísticos",
    subtitle:
      "Habitaciones, zonas comunes y fachadas renovadas por fases, sin cerrar el hotel en temporada alta.",
    image: "reformas-de-hoteles-1",
    summary:
      "Habitaciones, baños, recepción, restaurante, piscina y fachada, planificados por plantas para que el hotel siga abierto.",
    descriptions: [
      "Reformamos hoteles, hostales y apartamentos turísticos de la costa mediterránea y de las ciudades: habitaciones y baños, recepción, restaurante, zonas de piscina, fachadas y cubiertas. Planificamos la obra por plantas o por bloques para que puedas seguir vendiendo habitaciones.",
      "Concentramos los trabajos de más ruido en la temporada baja y cumplimos un calendario cerrado de entrega de habitaciones. Una planta tipo de 10 a 15 habitaciones suele estar lista en 5 a 7 semanas.",
      "Cuidamos la normativa de accesibilidad, la protección contra incendios y la categoría turística de tu comunidad autónoma, y coordinamos con tu interiorista o ponemos el nuestro. Trabajamos en Alicante, Valencia, Barcelona, Madrid y en toda Cataluña y la Comunidad Valenciana.",
    ],
    seo: {
      title: "Reformas de hoteles por fases",
      description:
        "Reforma de hoteles por fases, sin cerrar en temporada alta, en Alicante, Valencia, Barcelona y Madrid y en la costa de Cataluña y la Comunidad Valenciana.",
      keywords: [
        "reformas de hoteles",
        "reforma de hotel",
        "reforma habitaciones de hotel",
        "reforma apartamentos turísticos",
        "reforma hotel Alicante",
        "reforma hotel Barcelona",
      ],
    },
    gallery: gallery("reformas-de-hoteles"),
    related: ["diseno-y-decoracion-de-interiores", "mobiliario-a-medida", "reparacion-de-fachadas"],
  },
  {
    slug: "reformas-de-casas-y-chalets",
    category: "reformas",
    label: "Casas y chalets",
    title: "Reforma de casas y chalets",
    subtitle:
      "Interiores, fachadas, cubiertas, terrazas y piscina: tu casa al día, por dentro y por fuera.",
    image: "reformas-de-casas-y-chalets-1",
    summary:
      "Reforma interior y exterior de viviendas unifamiliares, ampliaciones, porches, pérgolas y piscinas. Entre 3 y 6 meses según el alcance.",
    descriptions: [
      "Reformamos casas y chalets por dentro y por fuera: redistribución, cocina y baños, aislamiento de fachada y cubierta, ventanas nuevas, suelo radiante, ampliaciones, porches, pérgolas, terrazas y piscinas.",
      "Una reforma completa de una vivienda unifamiliar suele durar entre 3 y 6 meses, según su superficie y el estado de la estructura. Empezamos con una visita técnica para revisar cimentación, cubierta y humedades, y te proponemos qué hacer primero si prefieres reformar por fases.",
      "Mejorar el aislamiento y las ventanas reduce mucho la factura de calefacción y aire acondicionado; te orientamos sobre las ayudas a la rehabilitación energética vigentes en tu comunidad. Trabajamos en Madrid, Barcelona, Valencia, Alicante y sus alrededores.",
    ],
    seo: {
      title: "Reformas de casas y chalets",
      description:
        "Reforma de casas y chalets por dentro y por fuera: distribución, aislamiento, cubierta y piscina, en 3 a 6 meses. Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas de casas",
        "reforma de chalet",
        "reforma vivienda unifamiliar",
        "ampliación de casa",
        "reforma chalet Alicante",
        "reforma casa Valencia",
      ],
    },
    gallery: gallery("reformas-de-casas-y-chalets"),
    related: ["reformas-de-tejados-y-azoteas", "reparacion-de-fachadas", "reformas-de-cocinas"],
  },
  {
    slug: "reformas-de-locales-comerciales",
    category: "reformas",
    label: "Locales comerciales",
    title: "Reforma de locales comerciales",
    subtitle:
      "Tiendas, restaurantes, oficinas y clínicas listos para abrir en el plazo que marca tu negocio.",
    image: "reformas-de-locales-comerciales-1",
    summary:
      "Adecuación de locales para tiendas, hostelería, oficinas y clínicas, con la licencia de actividad. Entre 4 y 8 semanas de obra.",
    descriptions: [
      "Adecuamos locales para tiendas, bares y restaurantes, oficinas, clínicas y gimnasios: distribución, instalaciones eléctricas y de climatización, aseos accesibles, salida de humos, escaparate, rótulo y acabados según la imagen de tu marca.",
      "Sabemos que cada semana con el local cerrado cuesta dinero, así que te damos un calendario cerrado: la mayoría de locales de 80 a 200 m² están listos en 4 a 8 semanas. Si lo necesitas, trabajamos en horario nocturno o en fines de semana.",
      "Preparamos con tu técnico o con el nuestro la documentación de la licencia de actividad o la declaración responsable, y dejamos el local listo para la inspección. Trabajamos en Madrid, Barcelona, Valencia y Alicante.",
    ],
    seo: {
      title: "Reformas de locales comerciales",
      description:
        "Reforma de locales para tiendas, restaurantes, oficinas y clínicas en 4 a 8 semanas, con licencia de actividad. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas de locales comerciales",
        "reforma de local",
        "adecuación de local",
        "reforma de restaurante",
        "licencia de actividad",
        "reforma local Madrid",
      ],
    },
    gallery: gallery("reformas-de-locales-comerciales"),
    related: [
      "construccion-de-locales-comerciales",
      "diseno-y-decoracion-de-interiores",
      "iluminacion-y-domotica",
    ],
  },
  {
    slug: "reparacion-de-fachadas",
    category: "reformas",
    label: "Fachadas",
    title: "Reparación y rehabilitación de fachadas",
    subtitle:
      "Grietas, desprendimientos y humedades resueltos, con la inspección técnica del edificio al día.",
    image: "reparacion-de-fachadas-1",
    summary:
      "Reparación de grietas, cantos de forjado y balcones, impermeabilización y pintura de fachadas de comunidades y viviendas. De 4 a 10 semanas.",
    descriptions: [
      "Reparamos y rehabilitamos fachadas de edificios y viviendas: saneado de cantos de forjado y balcones, tratamiento de armaduras oxidadas, reparación de grietas, impermeabilización, revestimientos y pintura. También aislamiento térmico por el exterior (SATE) cuando quieres reducir el consumo de energía.",
      "Si tu edificio tiene pendiente la inspección técnica (ITE o IEE), partimos de su informe y te explicamos qué es urgente y qué puede esperar. Una fachada de un edificio de 5 a 6 plantas suele quedar terminada en 4 a 10 semanas, según el andamio y los daños.",
      "Presentamos el presupuesto en la junta de la comunidad de propietarios, gestionamos la licencia y la ocupación de la vía pública, y protegemos portales, balcones y coches durante la obra. Trabajamos en Madrid, Barcelona, Valencia, Alicante y sus áreas metropolitanas.",
    ],
    seo: {
      title: "Reparación de fachadas y rehabilitación",
      description:
        "Reparación de grietas, balcones y cantos de forjado, SATE y pintura de fachadas, con ITE o IEE y licencia. Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reparación de fachadas",
        "rehabilitación de fachadas",
        "ITE",
        "IEE",
        "SATE",
        "pintura de fachadas",
        "fachadas comunidad de propietarios",
      ],
    },
    gallery: gallery("reparacion-de-fachadas"),
    related: [
      "rehabilitacion-de-edificios",
      "reformas-de-tejados-y-azoteas",
      "reformas-de-casas-y-chalets",
    ],
  },
  {
    slug: "reformas-de-tejados-y-azoteas",
    category: "reformas",
    label: "Tejados y azoteas",
    title: "Reforma de tejados y azoteas",
    subtitle:
      "Cubiertas sin goteras, bien aisladas y, si quieres, convertidas en una terraza para disfrutar.",
    image: "reformas-de-tejados-y-azoteas-1",
    summary:
      "Impermeabilización, sustitución de tejas, aislamiento de cubiertas y azoteas transitables. La mayoría de trabajos, en 1 a 4 semanas.",
    descriptions: [
      "Reparamos goteras, impermeabilizamos azoteas con lámina o membrana líquida, sustituimos tejas y rastreles, aislamos la cubierta y renovamos canalones y bajantes. Antes de presupuestar revisamos la cubierta y, si hace falta, hacemos una prueba de estanqueidad.",
      "También convertimos azoteas en espacios para usar: pavimento para exteriores, pérgolas, jardineras con riego, iluminación y preinstalación para placas solares. La mayoría de trabajos duran de 1 a 4 semanas, y los programamos fuera de la época de lluvias cuando es posible.",
      "Trabajamos con andamio o con líneas de vida y personal formado en trabajos en altura, en viviendas unifamiliares y en comunidades de propietarios de Madrid, Barcelona, Valencia y Alicante.",
    ],
    seo: {
      title: "Reformas de tejados y azoteas",
      description:
        "Goteras, impermeabilización de azoteas, cambio de tejas y aislamiento de cubiertas en 1 a 4 semanas. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "reformas de tejados",
        "impermeabilización de azoteas",
        "reparación de goteras",
        "cambio de tejas",
        "aislamiento de cubiertas",
        "terraza en azotea",
      ],
    },
    gallery: gallery("reformas-de-tejados-y-azoteas"),
    related: [
      "reparacion-de-fachadas",
      "rehabilitacion-de-edificios",
      "reformas-de-casas-y-chalets",
    ],
  },
  {
    slug: "construccion-de-viviendas",
    category: "construccion",
    label: "Viviendas de obra nueva",
    title: "Construcción de viviendas",
    subtitle:
      "Tu casa desde la parcela hasta la entrega de llaves, con un presupuesto por capítulos y un calendario por fases.",
    image: "construccion-de-viviendas-1",
    summary:
      "Viviendas unifamiliares y pequeñas promociones: proyecto, licencia, estructura, instalaciones y acabados. De 12 a 18 meses de obra.",
    descriptions: [
      "Construimos viviendas unifamiliares, casas pareadas y pequeñas promociones. Podemos partir del proyecto de tu arquitecto o encargarnos de todo: estudio de la parcela, proyecto básico y de ejecución, licencia de obras, dirección facultativa y construcción.",
      "La obra de una vivienda unifamiliar suele durar entre 12 y 18 meses. Te entregamos un calendario por fases —cimentación, estructura, cubierta, cerramientos, instalaciones y acabados— y certificamos cada mes lo ejecutado, para que pagues solo lo que ya está hecho.",
      "Proyectamos viviendas de consumo casi nulo, con buen aislamiento, aerotermia y placas solares, y las entregamos con el certificado final de obra, el de eficiencia energética y el libro del edificio. Construimos en Madrid, Barcelona, Valencia, Alicante y en toda Cataluña y la Comunidad Valenciana.",
    ],
    seo: {
      title: "Construcción de viviendas unifamiliares",
      description:
        "Construimos tu casa: proyecto, licencia, obra y llaves en 12 a 18 meses, con presupuesto por capítulos. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "construcción de viviendas",
        "construir una casa",
        "vivienda unifamiliar",
        "obra nueva",
        "casa de consumo casi nulo",
        "constructora de casas",
      ],
    },
    gallery: gallery("construccion-de-viviendas"),
    related: [
      "reformas-de-casas-y-chalets",
      "diseno-y-decoracion-de-interiores",
      "iluminacion-y-domotica",
    ],
  },
  {
    slug: "rehabilitacion-de-edificios",
    category: "construccion",
    label: "Rehabilitación de edificios",
    title: "Rehabilitación de edificios",
    subtitle:
      "Edificios seguros, accesibles y eficientes, con los vecinos viviendo en ellos durante la obra.",
    image: "rehabilitacion-de-edificios-1",
    summary:
      "Refuerzo de estructura, fachadas, cubiertas, accesibilidad, ascensores y eficiencia energética para comunidades de propietarios.",
    descriptions: [
      "Rehabilitamos edificios de viviendas: refuerzo de estructura y cimentación, fachadas y cubiertas, instalación de ascensor donde no lo había, supresión de barreras en portales y mejora de la eficiencia energética con aislamiento y ventanas nuevas.",
      "Acompañamos a la comunidad de propietarios desde el principio: informe del estado del edificio, presupuesto por fases para aprobar en junta, solicitud de las ayudas a la rehabilitación disponibles y licencia de obras. Un edificio de 15 a 25 viviendas suele necesitar entre 6 y 12 meses.",
      "Organizamos la obra para que los vecinos sigan viviendo en sus casas, con accesos protegidos, horarios pactados y un responsable que atiende sus dudas. Trabajamos en Madrid, Barcelona, Valencia y Alicante, también en edificios protegidos o de centro histórico.",
    ],
    seo: {
      title: "Rehabilitación de edificios de viviendas",
      description:
        "Rehabilitación de edificios: estructura, fachada, ascensor y eficiencia energética, con ayudas y licencia. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "rehabilitación de edificios",
        "rehabilitación energética",
        "instalación de ascensor",
        "comunidad de propietarios",
        "ayudas a la rehabilitación",
        "accesibilidad en edificios",
      ],
    },
    gallery: gallery("rehabilitacion-de-edificios"),
    related: [
      "reparacion-de-fachadas",
      "reformas-de-tejados-y-azoteas",
      "construccion-de-viviendas",
    ],
  },
  {
    slug: "construccion-de-locales-comerciales",
    category: "construccion",
    label: "Locales de obra nueva",
    title: "Construcción de locales comerciales",
    subtitle:
      "Locales, naves comerciales y restaurantes construidos para abrir en la fecha prevista.",
    image: "construccion-de-locales-comerciales-1",
    summary:
      "Locales de obra nueva, naves comerciales y locales en bruto terminados llave en mano. De 3 a 8 meses según el tamaño.",
    descriptions: [
      "Construimos locales y naves comerciales de obra nueva y terminamos locales en bruto de planta baja: estructura, cerramientos, fachada acristalada, instalaciones de climatización, ventilación y protección contra incendios, aseos accesibles y acabados.",
      "Un local en bruto se entrega llave en mano en unos 3 meses; una nave comercial de nueva planta, en 6 a 8 meses. Trabajamos con un calendario fijado con tu fecha de apertura y con un presupuesto por capítulos revisado en cada certificación.",
      "Coordinamos con los técnicos de tu franquicia o de tu marca y preparamos la documentación para la licencia de actividad. Construimos en Madrid, Barcelona, Valencia, Alicante y en toda Cataluña y la Comunidad Valenciana.",
    ],
    seo: {
      title: "Construcción de locales y naves",
      description:
        "Locales y naves de obra nueva y locales en bruto llave en mano, en 3 a 8 meses, con licencia de actividad. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "construcción de locales comerciales",
        "nave comercial",
        "local en bruto",
        "llave en mano",
        "obra nueva comercial",
        "construcción de restaurantes",
      ],
    },
    gallery: gallery("construccion-de-locales-comerciales"),
    related: [
      "reformas-de-locales-comerciales",
      "diseno-y-decoracion-de-interiores",
      "iluminacion-y-domotica",
    ],
  },
  {
    slug: "diseno-y-decoracion-de-interiores",
    category: "interiorismo",
    label: "Diseño y decoración",
    title: "Diseño y decoración de interiores",
    subtitle:
      "Una casa o un local que se entiende al entrar: distribución, materiales, color y muebles elegidos contigo.",
    image: "diseno-y-decoracion-de-interiores-1",
    summary:
      "Proyecto de interiorismo con distribución, materiales, colores, muebles e imágenes 3D, listo en 3 a 5 semanas y ejecutado por nuestro equipo.",
    descriptions: [
      "Diseñamos interiores de viviendas, hoteles, restaurantes y oficinas. Empezamos con una visita para conocer cómo vives o trabajas, medimos el espacio y te presentamos una propuesta de distribución, un panel de materiales y colores y una selección de muebles y textiles.",
      "En 3 a 5 semanas tienes el proyecto completo: planos, imágenes 3D de cada estancia y un presupuesto detallado. Puedes llevarlo a cabo con nuestro equipo de obra, que lo ejecuta tal como se dibujó, o encargarnos solo la decoración si no necesitas obra.",
      "Trabajamos con materiales y artesanos cercanos —cerámica, madera, piedra y fibras naturales— y con proveedores que sirven a tiempo en Madrid, Barcelona, Valencia y Alicante.",
    ],
    seo: {
      title: "Diseño y decoración de interiores",
      description:
        "Interiorismo con imágenes 3D en 3 a 5 semanas, ejecutado por nuestro equipo, para casas, hoteles y locales. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "diseño de interiores",
        "decoración de interiores",
        "interiorismo",
        "proyecto de interiorismo",
        "interiorista",
        "decoración de viviendas",
      ],
    },
    gallery: gallery("diseno-y-decoracion-de-interiores"),
    related: ["mobiliario-a-medida", "iluminacion-y-domotica", "reformas-integrales"],
  },
  {
    slug: "mobiliario-a-medida",
    category: "interiorismo",
    label: "Mobiliario a medida",
    title: "Mobiliario a medida",
    subtitle: "Armarios, librerías, bancos y muebles de cocina que aprovechan cada centímetro.",
    image: "mobiliario-a-medida-1",
    summary:
      "Armarios empotrados, vestidores, librerías, muebles de salón y de baño diseñados y fabricados para tu espacio. De 4 a 8 semanas.",
    descriptions: [
      "Diseñamos y fabricamos muebles a medida: armarios empotrados y vestidores, librerías, muebles de salón y de recibidor, bancos bajo ventana, muebles de baño y mobiliario para hoteles, tiendas y oficinas.",
      "Tomamos medidas exactas en obra, te presentamos el dibujo técnico con cada cota y los acabados en muestra real —madera natural, lacado o melamina— y fabricamos en taller en 4 a 8 semanas. El montaje en tu casa suele llevar uno o dos días.",
      "Al hacerse a medida, el mueble se adapta a paredes que no están a escuadra, a techos inclinados y a huecos que un mueble de serie no aprovecha. Instalamos en Madrid, Barcelona, Valencia y Alicante.",
    ],
    seo: {
      title: "Muebles a medida: armarios y librerías",
      description:
        "Armarios, vestidores, librerías y muebles a medida, fabricados en 4 a 8 semanas y montados en 1 o 2 días. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "mobiliario a medida",
        "muebles a medida",
        "armarios empotrados",
        "vestidores a medida",
        "librerías a medida",
        "carpintería a medida",
      ],
    },
    gallery: gallery("mobiliario-a-medida"),
    related: ["diseno-y-decoracion-de-interiores", "reformas-de-cocinas", "iluminacion-y-domotica"],
  },
  {
    slug: "iluminacion-y-domotica",
    category: "interiorismo",
    label: "Iluminación y domótica",
    title: "Iluminación y domótica",
    subtitle: "Luz bien pensada para cada momento y una casa que se controla desde el móvil.",
    image: "iluminacion-y-domotica-1",
    summary:
      "Proyecto de iluminación, luminarias LED, control de luces, persianas y clima desde el móvil. Instalación en 1 a 3 semanas.",
    descriptions: [
      "Diseñamos la iluminación de cada estancia combinando luz general, luz de trabajo y luz de ambiente, con luminarias LED regulables y temperatura de color adecuada a cada uso. Te entregamos un plano con cada punto de luz y su encendido antes de tocar una pared.",
      "Instalamos domótica para controlar luces, persianas, climatización y alarmas desde el móvil, la voz o pulsadores: con sistemas cableados como KNX en obra nueva y reformas integrales, o con sistemas inalámbricos cuando no quieres hacer obra.",
      "La instalación suele llevar de 1 a 3 semanas, según la vivienda o el local, y te explicamos el sistema con calma al terminar. Trabajamos en viviendas, hoteles y locales de Madrid, Barcelona, Valencia y Alicante.",
    ],
    seo: {
      title: "Proyectos de iluminación y domótica",
      description:
        "Iluminación LED y domótica para controlar luces, persianas y clima desde el móvil, instalada en 1 a 3 semanas. En Madrid, Barcelona, Valencia y Alicante.",
      keywords: [
        "iluminación",
        "domótica",
        "proyecto de iluminación",
        "casa inteligente",
        "KNX",
        "iluminación LED",
      ],
    },
    gallery: gallery("iluminacion-y-domotica"),
    related: ["diseno-y-decoracion-de-interiores", "reformas-integrales", "mobiliario-a-medida"],
  },
];

export function findCategory(slug: string | undefined): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

/** A service only exists under its own category: /service/construccion/reformas-de-banos is a 404. */
export function findService(
  categorySlug: string | undefined,
  slug: string | undefined,
): Service | undefined {
  return services.find((service) => service.category === categorySlug && service.slug === slug);
}

export function servicesOf(categorySlug: CategorySlug): Service[] {
  return services.filter((service) => service.category === categorySlug);
}

/**
 * What a service's page offers next: its `related` services, then the other services of its
 * category, `count` in all. Built in the loader, so the catalogue stays out of the JavaScript.
 */
export function relatedServices(service: Service, count = 3): Service[] {
  const chosen = (service.related ?? []).flatMap((slug) =>
    services.filter((other) => other.slug === slug),
  );
  const fill = servicesOf(service.category).filter(
    (other) => other.slug !== service.slug && !chosen.includes(other),
  );
  return [...chosen, ...fill].slice(0, count);
}

export { categoryPath, servicePath };
