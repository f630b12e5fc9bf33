import type { HourlyRate, TeamSize } from "@/db/enums";
import type { PortfolioItem } from "@/db/schema";

// Profile facts of the demo providers (extensions §1), by provider name. Realistic and varied, so
// the directory's filters and the profile's facts panel have something to show: several countries
// and languages, every team size and rate band, some not taking new clients, some with a portfolio.

export interface DemoFacts {
  countryCode: string | null;
  city: string | null;
  remote: boolean;
  languages: string[];
  teamSize: TeamSize | null;
  hourlyRate: HourlyRate | null;
  minProjectBudget: number | null;
  foundedYear: number | null;
  acceptingClients: boolean;
  portfolio: PortfolioItem[];
}

type Row = [country: string | null, city: string | null, remote: boolean, languages: string, team: TeamSize | null,
  rate: HourlyRate | null, budget: number | null, founded: number | null, accepting: boolean];

const ROWS: Record<string, Row> = {
  "Northwind Studio": ["DE", "Berlin", true, "de en", "10-49", "100-149", 20000, 2014, true],
  "Harbor & Pine Digital": ["US", "Portland", true, "en", "10-49", "150-199", 50000, 2009, true],
  "Lumen Analytics": ["GB", "Manchester", true, "en", "2-9", "100-149", 15000, 2017, true],
  "Cobalt Ops": ["NL", "Rotterdam", true, "nl en de", "10-49", "100-149", 10000, 2015, true],
  "Brightline Marketing Co.": ["US", "Austin", true, "en es", "10-49", "50-99", 5000, 2016, true],
  "Atelier Forma": ["FR", "Lyon", false, "fr en", "2-9", "100-149", 12000, 2012, false],
  "Quarry Labs": ["DE", "Munich", true, "de en", "2-9", "50-99", 8000, 2019, true],
  "Meridian Advisory": ["CH", "Zurich", false, "de fr en", "2-9", "200+", 30000, 2005, true],
  "Kestrel Mobile": ["PL", "Kraków", true, "pl en", "50-249", "25-49", 20000, 2011, true],
  "Fieldnote Research": ["CA", "Toronto", true, "en fr", "2-9", "100-149", 10000, 2018, true],
  "Stackwise": ["SE", "Stockholm", true, "sv en", "10-49", "150-199", 40000, 2016, true],
  "Tidewater Growth": ["AU", "Sydney", true, "en", "2-9", "50-99", 3000, 2020, true],
  "Vellum & Co.": ["GB", "Edinburgh", false, "en", "1", "50-99", 2000, 2013, true],
  "Signal Path Consulting": ["DE", "Hamburg", true, "de en", "10-49", "150-199", 25000, 2010, true],
  "Ironbark Systems": ["AU", "Melbourne", true, "en", "10-49", "100-149", 15000, 2014, false],
  "Pixel Orchard": ["PT", "Lisbon", true, "pt en es", "2-9", "25-49", 1500, 2021, true],
  "Copperleaf Commerce": ["US", "Denver", true, "en", "10-49", "100-149", 25000, 2015, true],
  "Nimbus Data Works": ["IN", "Bengaluru", true, "en hi kn", "250+", "<25", 5000, 2012, true],
  "Greenfield Collective": ["DK", "Copenhagen", true, "da en", "2-9", "100-149", 10000, 2019, true],
  "Paper Crane Studio": ["JP", "Kyoto", false, "ja en", "2-9", "50-99", 8000, 2008, true],
  "Beacon Security Partners": ["IE", "Dublin", true, "en", "10-49", "200+", 20000, 2013, true],
  "Orbital Apps": ["ES", "Barcelona", true, "es ca en", "2-9", "50-99", 30000, 2020, true],
  "Slate & Chalk Learning": ["NZ", "Wellington", true, "en mi", "10-49", "50-99", 10000, 2011, true],
  "Riverstone Analytics": ["US", "Chicago", true, "en", "2-9", "150-199", 40000, 2016, true],
  "Foxglove Creative": ["IT", "Milan", false, "it en", "10-49", "50-99", 15000, 2007, true],
  "Keystone Cloud": ["AT", "Vienna", true, "de en", "50-249", "100-149", 50000, 2010, true],
  "Willow Street Consulting": ["US", "Boston", false, "en", "1", "150-199", 5000, 2018, false],
  "Polaris Localization": ["EE", "Tallinn", true, "et en ru fi de", "50-249", "25-49", 1000, 2009, true],
  "Junction Works": ["BR", "São Paulo", true, "pt en es", "10-49", "25-49", 10000, 2013, true],
  "Driftwood Digital": ["GR", "Athens", true, "el en", "2-9", "25-49", 3000, 2017, true],
  "Sable Data Lab": ["FI", "Helsinki", true, "fi sv en", "2-9", "100-149", 20000, 2021, true],
  "Amberlight Media": ["ZA", "Cape Town", true, "en af", "10-49", "25-49", 5000, 2018, true],
  "Corvid Systems": ["CZ", "Prague", true, "cs en", "2-9", "50-99", 4000, 2020, true],
  "Hollow Oak Design": ["BE", "Ghent", false, "nl fr en", "1", "50-99", 2500, 2016, true],
  "Trellis Strategy": ["US", "New York", true, "en", "2-9", "200+", 25000, 2019, true],
  "Blackwater Leads": [null, null, true, "en", null, "<25", null, null, true],
};

/** Past work for a few providers; links point at the providers' placeholder hosts. */
const PORTFOLIOS: Record<string, (host: string) => PortfolioItem[]> = {
  "Northwind Studio": (host) => [
    { title: "Freight booking platform", url: `https://${host}/work/freight`, summary: "Design system and web app for a logistics marketplace with 4 000 daily users." },
    { title: "Clinic scheduling app", url: `https://${host}/work/clinic`, summary: "Accessible booking flows for a chain of 60 clinics.", imageUrl: `https://${host}/work/clinic.png` },
    { title: "Open-source date picker", url: `https://${host}/work/date-picker` },
  ],
  "Harbor & Pine Digital": (host) => [
    { title: "Warehouse control system", url: `https://${host}/cases/warehouse`, summary: "Ten years in production across 14 sites." },
  ],
  "Atelier Forma": (host) => [
    { title: "Identity for a payments start-up", url: `https://${host}/projets/paiements`, summary: "Logo, type and a 200-component design system." },
    { title: "Museum wayfinding", url: `https://${host}/projets/musee` },
  ],
  "Kestrel Mobile": (host) => [
    { title: "Running coach app", url: `https://${host}/apps/coach`, summary: "4.8 stars from 30 000 ratings; works offline." },
  ],
  "Quarry Labs": (host) => [
    { title: "Claims console for an insurer", url: `https://${host}/work/claims`, summary: "Replaced 40 spreadsheets with one audited tool." },
  ],
};

export function demoFactsFor(name: string, host: string): DemoFacts {
  const row = ROWS[name];
  if (!row) throw new Error(`No demo facts for ${name}`);
  const [countryCode, city, remote, languages, teamSize, hourlyRate, minProjectBudget, foundedYear, acceptingClients] = row;
  return {
    countryCode,
    city,
    remote,
    languages: languages.split(" "),
    teamSize,
    hourlyRate,
    minProjectBudget,
    foundedYear,
    acceptingClients,
    portfolio: PORTFOLIOS[name]?.(host) ?? [],
  };
}
