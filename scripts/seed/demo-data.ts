import type { Specialty } from "@/db/enums";

// Demo directory content for `npm run db:seed`. Dates are fixed so every seeded database lists the
// providers in the same order.

export type DemoState = "listed" | "unpublished" | "pending" | "pending-published" | "suspended";

export interface DemoProvider {
  name: string;
  specialties: Specialty[];
  headline: string;
  description: string;
  state: DemoState;
  featured?: boolean;
  /** Day the listing went live (also used as the approval date). */
  published: string;
}

export const DEMO_PROVIDER_SLUG = "northwind-studio";
export const PLATFORM_ADMIN = { email: "admin@provider-registry.example", name: "Registry Admin" };

export const NORTHWIND_TEAM = {
  owner: { email: "owner@northwind.example", name: "Olivia Northwind" },
  admin: { email: "admin@northwind.example", name: "Aiden Park" },
  member: { email: "member@northwind.example", name: "Mira Santos" },
  pending: { email: "pending@northwind.example", name: "Parker Lee" },
};

export const DEMO_PROVIDERS: DemoProvider[] = [
  { name: "Northwind Studio", specialties: ["DESIGN", "DEVELOPMENT"], state: "listed", featured: true, published: "2026-10-28",
    headline: "Product design and engineering for ambitious B2B teams",
    description: "Northwind Studio is a team of twelve designers and engineers who take software products from first sketch to production. We work in small, senior squads embedded with your team, and we leave behind code and design systems your people can own." },
  { name: "Harbor & Pine Digital", specialties: ["DEVELOPMENT"], state: "listed", featured: true, published: "2026-09-14",
    headline: "Custom web platforms built to last",
    description: "We build and maintain web platforms for logistics and manufacturing companies, mostly in TypeScript and Go. Long-term support contracts are our speciality: some of our systems have run for ten years." },
  { name: "Lumen Analytics", specialties: ["DATA", "CONSULTING"], state: "listed", featured: true, published: "2026-08-02",
    headline: "Turning messy data into decisions",
    description: "Lumen helps operations teams answer the questions their dashboards cannot. We model your data, build the reporting your leaders actually read, and train your analysts to keep it going." },
  { name: "Cobalt Ops", specialties: ["DEVOPS"], state: "listed", featured: true, published: "2026-06-21",
    headline: "Cloud infrastructure you don't have to think about",
    description: "Cobalt Ops designs, automates and runs cloud infrastructure on AWS and Google Cloud. Everything is infrastructure-as-code, documented, and handed over with runbooks." },
  { name: "Brightline Marketing Co.", specialties: ["MARKETING"], state: "listed", featured: true, published: "2026-04-09",
    headline: "Performance marketing with honest reporting",
    description: "Paid search, paid social and lifecycle email for subscription businesses. We report on revenue, not clicks, and we tell you when a channel is not worth the money." },
  { name: "Atelier Forma", specialties: ["DESIGN"], state: "listed", featured: true, published: "2026-01-17",
    headline: "Brand identities and design systems",
    description: "A small design studio working on identities, type and design systems for technology companies. We pair strategy with craft and deliver systems that scale across product and marketing." },
  { name: "Quarry Labs", specialties: ["DEVELOPMENT", "DATA"], state: "listed", published: "2026-11-03",
    headline: "Data-heavy web applications and internal tools",
    description: "We build internal tools, admin consoles and data-rich web applications for finance and insurance teams who have outgrown spreadsheets." },
  { name: "Meridian Advisory", specialties: ["CONSULTING"], state: "listed", published: "2026-10-19",
    headline: "Technology strategy for mid-sized companies",
    description: "Independent advice on technology roadmaps, vendor selection and team structure. No reselling, no lock-in: we are paid for judgement, not licences." },
  { name: "Kestrel Mobile", specialties: ["DEVELOPMENT", "DESIGN"], state: "listed", published: "2026-10-05",
    headline: "iOS and Android apps people keep using",
    description: "Native and cross-platform mobile apps for consumer brands and health companies, with a focus on accessibility, offline support and app-store performance." },
  { name: "Fieldnote Research", specialties: ["DESIGN", "CONSULTING"], state: "listed", published: "2026-09-27",
    headline: "User research and service design",
    description: "Interviews, diary studies and usability testing that change what teams build. We run research with your team, not just for it, so the insight stays after we leave." },
  { name: "Stackwise", specialties: ["DEVOPS", "DEVELOPMENT"], state: "listed", published: "2026-09-08",
    headline: "Platform engineering and developer experience",
    description: "We build internal developer platforms: golden paths, CI/CD and self-service environments that let product teams ship several times a day." },
  { name: "Tidewater Growth", specialties: ["MARKETING", "DATA"], state: "listed", published: "2026-08-24",
    headline: "SEO and content programs measured end to end",
    description: "Technical SEO audits, content strategy and the analytics to prove what works. Most of our clients are B2B software companies with long sales cycles." },
  { name: "Vellum & Co.", specialties: ["DESIGN", "MARKETING"], state: "listed", published: "2026-08-11",
    headline: "Editorial design for publishers and nonprofits",
    description: "Annual reports, magazines, campaign sites and the templates your communications team can reuse. We care about typography and reading on every screen." },
  { name: "Signal Path Consulting", specialties: ["CONSULTING", "DATA"], state: "listed", published: "2026-07-29",
    headline: "Analytics strategy and data governance",
    description: "We help leadership teams decide what to measure, who owns which data and how to stay compliant with privacy law while doing it." },
  { name: "Ironbark Systems", specialties: ["DEVOPS"], state: "listed", published: "2026-07-13",
    headline: "Kubernetes, observability and calm on-call",
    description: "Cluster design, upgrades, monitoring and incident response practice. We have reduced pager noise by half or more for every team we have worked with." },
  { name: "Pixel Orchard", specialties: ["DESIGN"], state: "listed", published: "2026-06-30",
    headline: "Illustration and motion for product teams",
    description: "Custom illustration libraries, onboarding animations and marketing motion graphics, delivered in formats your engineers can ship." },
  { name: "Copperleaf Commerce", specialties: ["DEVELOPMENT", "MARKETING"], state: "listed", published: "2026-06-07",
    headline: "E-commerce on Shopify and headless stacks",
    description: "Store builds, migrations and conversion work for direct-to-consumer brands doing between one and fifty million in annual revenue." },
  { name: "Nimbus Data Works", specialties: ["DATA"], state: "listed", published: "2026-05-25",
    headline: "Data engineering and warehouse modernisation",
    description: "Pipelines, warehouses and data quality checks on modern cloud stacks. We migrate legacy ETL without losing a night of reporting." },
  { name: "Greenfield Collective", specialties: ["OTHER", "CONSULTING"], state: "listed", published: "2026-05-12",
    headline: "Sustainability reporting and climate tech advisory",
    description: "Carbon accounting, sustainability reports and product advice for climate technology start-ups, from people who have built them." },
  { name: "Paper Crane Studio", specialties: ["DESIGN", "DEVELOPMENT"], state: "listed", published: "2026-04-28",
    headline: "Websites for museums and cultural institutions",
    description: "Collection sites, ticketing journeys and exhibition microsites for museums, galleries and festivals, accessible to WCAG AA and beyond." },
  { name: "Beacon Security Partners", specialties: ["DEVOPS", "CONSULTING"], state: "listed", published: "2026-04-15",
    headline: "Cloud security reviews and compliance readiness",
    description: "Threat modelling, cloud configuration reviews and SOC 2 or ISO 27001 readiness for software companies preparing for enterprise customers." },
  { name: "Orbital Apps", specialties: ["DEVELOPMENT"], state: "listed", published: "2026-03-30",
    headline: "Rapid MVPs for early-stage founders",
    description: "Eight-week builds that get a first version in front of customers, with code a future in-house team will not need to throw away." },
  { name: "Slate & Chalk Learning", specialties: ["OTHER", "DESIGN"], state: "listed", published: "2026-03-16",
    headline: "Learning experience design and e-learning production",
    description: "Course design, video production and learning platforms for companies that train customers or staff at scale." },
  { name: "Riverstone Analytics", specialties: ["DATA", "MARKETING"], state: "listed", published: "2026-03-02",
    headline: "Marketing mix modelling and attribution",
    description: "Statistical models that show which marketing spend drives revenue, built openly so your team can rerun them every quarter." },
  { name: "Foxglove Creative", specialties: ["MARKETING", "DESIGN"], state: "listed", published: "2026-02-16",
    headline: "Campaigns, content and social for consumer brands",
    description: "Creative campaigns from concept to production, plus the always-on social content that keeps a brand in conversation between launches." },
  { name: "Keystone Cloud", specialties: ["DEVOPS", "DEVELOPMENT"], state: "listed", published: "2026-02-02",
    headline: "AWS migrations and cost optimisation",
    description: "We move workloads from data centres to AWS and then cut the bill. Typical savings after a cost review are twenty to forty percent." },
  { name: "Willow Street Consulting", specialties: ["CONSULTING"], state: "listed", published: "2026-01-05",
    headline: "Operations and process improvement for services firms",
    description: "Process mapping, tooling choices and change management for agencies, law firms and consultancies that have grown faster than their systems." },
  { name: "Polaris Localization", specialties: ["OTHER"], state: "listed", published: "2025-12-15",
    headline: "Translation and localisation for software products",
    description: "Continuous localisation in more than thirty languages, integrated with your repository and reviewed by native-speaking specialists." },
  { name: "Junction Works", specialties: ["DEVELOPMENT", "DEVOPS"], state: "listed", published: "2025-11-30",
    headline: "Integration and API development",
    description: "APIs, integrations and event pipelines that connect ERPs, CRMs and home-grown systems, with monitoring that tells you before your customers do." },
  { name: "Driftwood Digital", specialties: ["DEVELOPMENT", "DESIGN"], state: "unpublished", published: "2026-07-01",
    headline: "Websites for hospitality and travel",
    description: "Booking-focused websites for hotels, restaurants and tour operators. Our listing is being refreshed." },
  { name: "Sable Data Lab", specialties: ["DATA"], state: "unpublished", published: "2026-05-03",
    headline: "Machine learning for retail demand forecasting",
    description: "Forecasting models and the data pipelines behind them for grocery and fashion retailers." },
  { name: "Amberlight Media", specialties: ["MARKETING"], state: "unpublished", published: "2026-02-22",
    headline: "Video-first marketing",
    description: "Short-form video strategy and production for brands that want to reach audiences under thirty." },
  { name: "Corvid Systems", specialties: ["DEVOPS"], state: "pending", published: "2026-10-30",
    headline: "Managed databases and backups",
    description: "Database operations for teams without a DBA: upgrades, tuning, backups and restore drills." },
  { name: "Hollow Oak Design", specialties: ["DESIGN"], state: "pending-published", published: "2026-10-12",
    headline: "Packaging and brand design",
    description: "Packaging, labels and retail brand identity for food and drink producers." },
  { name: "Trellis Strategy", specialties: ["CONSULTING", "MARKETING"], state: "pending", published: "2026-09-20",
    headline: "Go-to-market strategy for B2B start-ups",
    description: "Positioning, pricing and sales playbooks for start-ups selling to enterprises for the first time." },
  { name: "Blackwater Leads", specialties: ["MARKETING"], state: "suspended", published: "2026-03-08",
    headline: "Lead generation at scale",
    description: "Outbound lead generation campaigns. This listing is suspended pending a review of complaints." },
];

export interface DemoApplication {
  fullName: string;
  email: string;
  companyName?: string;
  specialties: Specialty[];
  description: string;
  portfolioLinks?: string[];
  referralSource?: string;
  stage: "AWAITING_VERIFICATION" | "IN_REVIEW" | "APPROVED" | "REJECTED";
  created: string;
  rejectionReason?: string;
  /** Slug of the demo provider an approved application became. */
  providerSlug?: string;
}

/**
 * The verification token of the first demo application, which expired long ago. Published on purpose so
 * the browser tests and a new user can see the "link expired" page; an expired token grants nothing.
 */
export const DEMO_EXPIRED_VERIFICATION_TOKEN = "DemoExpiredVerificationLink_000000000000000";

export const DEMO_APPLICATIONS: DemoApplication[] = [
  { fullName: "Hana Ito", email: "hana@ito-design.example.com", companyName: "Ito Design Office", specialties: ["DESIGN"],
    description: "Two-person studio designing interfaces for medical devices and lab software.", stage: "AWAITING_VERIFICATION",
    created: "2026-11-18", referralSource: "Conference talk" },
  { fullName: "Lucas Moreau", email: "lucas@moreau.example.com", specialties: ["DEVELOPMENT"],
    description: "Freelance Elixir and Phoenix developer with ten years of experience.", stage: "AWAITING_VERIFICATION", created: "2026-11-20" },
  { fullName: "Priya Raman", email: "priya@tensorleaf.example.com", companyName: "Tensorleaf", specialties: ["DATA", "CONSULTING"],
    description: "We build evaluation pipelines for machine learning teams and advise on model governance.",
    portfolioLinks: ["https://tensorleaf.example.com/work"], referralSource: "A friend at Lumen Analytics", stage: "IN_REVIEW", created: "2026-11-02" },
  { fullName: "Tomás Álvarez", email: "tomas@sierra-ops.example.com", companyName: "Sierra Ops", specialties: ["DEVOPS"],
    description: "Site reliability consulting for fintech companies, with on-call support in Latin American time zones.",
    portfolioLinks: ["https://sierra-ops.example.com"], stage: "IN_REVIEW", created: "2026-11-09" },
  { fullName: "Grace Whitfield", email: "grace@whitfield.example.com", companyName: "Whitfield & Daughters", specialties: ["MARKETING"],
    description: "Second application: we now have case studies for three B2B clients and a growing team.", stage: "IN_REVIEW",
    created: "2026-11-15", referralSource: "Newsletter" },
  { fullName: "Grace Whitfield", email: "grace@whitfield.example.com", companyName: "Whitfield & Daughters", specialties: ["MARKETING"],
    description: "Marketing agency for family businesses.", stage: "REJECTED", created: "2026-06-10",
    rejectionReason: "We could not find examples of your work. You are welcome to apply again with a portfolio." },
  { fullName: "Ben Okafor", email: "ben@cheaplinks.example.com", specialties: ["MARKETING", "OTHER"],
    description: "Guaranteed first page rankings in one week for any keyword.", stage: "REJECTED", created: "2026-08-19",
    rejectionReason: "The services described do not meet our listing guidelines." },
  { fullName: "Jordan Hale", email: "hello@junction-works.example.com", companyName: "Junction Works", specialties: ["DEVELOPMENT", "DEVOPS"],
    description: "API and integration specialists connecting ERPs and CRMs for manufacturers.", stage: "APPROVED",
    created: "2025-11-20", providerSlug: "junction-works" },
];
