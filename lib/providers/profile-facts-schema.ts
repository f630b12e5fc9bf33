import { z } from "@/lib/validation/zod";
import { HOURLY_RATES, TEAM_SIZES } from "@/db/enums";
import { isCountryCode, isLanguageCode } from "@/lib/validation/iso-codes";
import { httpUrlSchema } from "@/lib/validation/primitives";
import { isOneLineText } from "@/lib/validation/text";

// The profile facts of extensions §1: what a client needs to choose a provider. One definition for
// PATCH /provider/studio/listing, the studio's listing form, the responses and the OpenAPI document.

export const CITY_MAX = 100;
export const LANGUAGES_MAX = 10;
export const PORTFOLIO_MAX = 12;
export const PORTFOLIO_TITLE_MAX = 120;
export const PORTFOLIO_SUMMARY_MAX = 500;
export const MIN_PROJECT_BUDGET_MAX = 10_000_000;
export const FOUNDED_YEAR_MIN = 1800;

/** Read at each parse, so a long-running server accepts the new year on New Year's Day. */
export function currentYear(): number {
  return new Date().getUTCFullYear();
}

export const countryCodeSchema = z
  .string({ error: "Country must be an ISO 3166-1 alpha-2 code, like DE" })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { error: "Country must be an ISO 3166-1 alpha-2 code, like DE or US" })
  .meta({ description: "ISO 3166-1 alpha-2 country code, any case; stored and returned upper-case", example: "DE" });

export const citySchema = z
  .string({ error: "City must be text" })
  .trim()
  .min(1, { error: "City must be 1 to 100 characters; send null for none" })
  .max(CITY_MAX, { error: `City must be at most ${CITY_MAX} characters` })
  .refine(isOneLineText, { error: "City must be one line, without tabs or control characters" })
  .meta({ example: "Berlin" });

export const languageCodeSchema = z
  .string({ error: "Each language must be an ISO 639-1 code, like de" })
  .trim()
  .toLowerCase()
  .refine(isLanguageCode, { error: "Each language must be an ISO 639-1 code, like en or de" });

export const languagesSchema = z
  .array(languageCodeSchema, { error: "Languages must be a list of ISO 639-1 codes; send [] for none" })
  .max(LANGUAGES_MAX, { error: `List at most ${LANGUAGES_MAX} languages` })
  .refine((list) => new Set(list).size === list.length, { error: "Each language may appear only once" })
  .meta({ description: "ISO 639-1 codes, any case; stored and returned lower-case, unique, at most 10", example: ["de", "en"] });

export const teamSizeSchema = z.enum(TEAM_SIZES, { error: `Team size must be one of: ${TEAM_SIZES.join(", ")}` });
export const hourlyRateSchema = z.enum(HOURLY_RATES, {
  error: `Hourly rate must be one of (US dollars): ${HOURLY_RATES.join(", ")}`,
});

export const minProjectBudgetSchema = z
  .number({ error: "Minimum project budget must be a whole number of US dollars" })
  .int({ error: "Minimum project budget must be a whole number of US dollars" })
  .min(0, { error: "Minimum project budget must be 0 or more" })
  .max(MIN_PROJECT_BUDGET_MAX, { error: `Minimum project budget must be at most ${MIN_PROJECT_BUDGET_MAX}` })
  .meta({ description: "US dollars", example: 10000 });

export const foundedYearSchema = z
  .number({ error: "Founded year must be a year, like 2015" })
  .int({ error: "Founded year must be a whole year, like 2015" })
  .min(FOUNDED_YEAR_MIN, { error: `Founded year must be ${FOUNDED_YEAR_MIN} or later` })
  .refine((year) => year <= currentYear(), { error: "Founded year cannot be in the future" })
  .meta({ description: `From ${FOUNDED_YEAR_MIN} to the current year`, example: 2015 });

/** Blank text and null both mean "not given"; the stored item leaves the key out. */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.null(), z.literal(""), schema], { error: "Must be text or null" })
    .optional()
    .transform((v) => (v ? v : undefined));

export const portfolioItemSchema = z
  .strictObject({
    title: z
      .string({ error: "Title must be text" })
      .trim()
      .min(1, { error: "Give the project a title" })
      .max(PORTFOLIO_TITLE_MAX, { error: `Title must be at most ${PORTFOLIO_TITLE_MAX} characters` })
      .refine(isOneLineText, { error: "Title must be one line, without tabs or control characters" }),
    url: httpUrlSchema,
    summary: optionalText(
      z
        .string({ error: "Summary must be text" })
        .trim()
        .max(PORTFOLIO_SUMMARY_MAX, { error: `Summary must be at most ${PORTFOLIO_SUMMARY_MAX} characters` })
        .refine(isOneLineText, { error: "Summary must be one paragraph, without tabs or control characters" }),
    ),
    imageUrl: optionalText(httpUrlSchema),
  })
  .meta({ id: "PortfolioItemInput", description: "One past project. summary and imageUrl are optional (null or blank: none)." });

export const portfolioSchema = z
  .array(portfolioItemSchema, { error: "Portfolio must be a list of projects; send [] for none" })
  .max(PORTFOLIO_MAX, { error: `Show at most ${PORTFOLIO_MAX} projects` })
  .meta({ description: `At most ${PORTFOLIO_MAX} projects, shown in this order` });

/** The facts as PATCH accepts them; `.nullable()` where null clears the fact. */
export const profileFactsInputShape = {
  countryCode: countryCodeSchema.nullable(),
  city: citySchema.nullable(),
  remote: z.boolean({ error: "remote must be true or false" }),
  languages: languagesSchema,
  teamSize: teamSizeSchema.nullable(),
  hourlyRate: hourlyRateSchema.nullable(),
  minProjectBudget: minProjectBudgetSchema.nullable(),
  foundedYear: foundedYearSchema.nullable(),
  acceptingClients: z.boolean({ error: "acceptingClients must be true or false" }),
  portfolio: portfolioSchema,
};
export const PROFILE_FACT_FIELDS = Object.keys(profileFactsInputShape) as (keyof typeof profileFactsInputShape)[];

// ---- Response shapes (the serialiser in serialize.ts produces exactly these)

export const portfolioItemOutputSchema = z
  .object({
    title: z.string(),
    url: z.string(),
    summary: z.string().nullable(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: "PortfolioItem" });

export const profileFactsOutputShape = {
  countryCode: z.string().nullable().meta({ description: "ISO 3166-1 alpha-2, upper-case", example: "DE" }),
  city: z.string().nullable(),
  remote: z.boolean().meta({ description: "Works with clients remotely" }),
  languages: z.array(z.string()).meta({ description: "ISO 639-1 codes, lower-case", example: ["de", "en"] }),
  teamSize: z.enum(TEAM_SIZES).nullable(),
  hourlyRate: z.enum(HOURLY_RATES).nullable().meta({ description: "US dollars per hour" }),
  minProjectBudget: z.number().int().nullable().meta({ description: "US dollars" }),
  foundedYear: z.number().int().nullable(),
  acceptingClients: z.boolean(),
  portfolio: z.array(portfolioItemOutputSchema),
};
