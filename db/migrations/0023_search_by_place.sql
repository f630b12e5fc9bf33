-- Issue 31: a search finds a provider by where it is: its city and every English name of its country
-- ("Berlin", "Germany", "UK", "United States"), weighted like its specialties. The search document is a
-- generated column, which Postgres 15 cannot redefine in place: it is dropped and added again with its
-- index, the kept totals of one-word searches are counted again from the new words, and every cached
-- answer is dropped (one "everything changed" row in the change log).

-- IMMUTABLE by construction: the names are written here, not looked up (i18n-iso-countries, the same
-- list the profile's pickers use; a new country name arrives with a new migration).
CREATE OR REPLACE FUNCTION "country_search_names"(code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE code
    WHEN 'AD' THEN 'Andorra'
    WHEN 'AE' THEN 'United Arab Emirates UAE'
    WHEN 'AF' THEN 'Afghanistan'
    WHEN 'AG' THEN 'Antigua and Barbuda'
    WHEN 'AI' THEN 'Anguilla'
    WHEN 'AL' THEN 'Albania'
    WHEN 'AM' THEN 'Armenia'
    WHEN 'AO' THEN 'Angola'
    WHEN 'AQ' THEN 'Antarctica'
    WHEN 'AR' THEN 'Argentina'
    WHEN 'AS' THEN 'American Samoa'
    WHEN 'AT' THEN 'Austria'
    WHEN 'AU' THEN 'Australia'
    WHEN 'AW' THEN 'Aruba'
    WHEN 'AX' THEN 'Åland Islands Aland Islands'
    WHEN 'AZ' THEN 'Azerbaijan'
    WHEN 'BA' THEN 'Bosnia and Herzegovina'
    WHEN 'BB' THEN 'Barbados'
    WHEN 'BD' THEN 'Bangladesh'
    WHEN 'BE' THEN 'Belgium'
    WHEN 'BF' THEN 'Burkina Faso'
    WHEN 'BG' THEN 'Bulgaria'
    WHEN 'BH' THEN 'Bahrain'
    WHEN 'BI' THEN 'Burundi'
    WHEN 'BJ' THEN 'Benin'
    WHEN 'BL' THEN 'Saint Barthélemy'
    WHEN 'BM' THEN 'Bermuda'
    WHEN 'BN' THEN 'Brunei Darussalam'
    WHEN 'BO' THEN 'Bolivia'
    WHEN 'BQ' THEN 'Bonaire, Sint Eustatius and Saba'
    WHEN 'BR' THEN 'Brazil'
    WHEN 'BS' THEN 'Bahamas'
    WHEN 'BT' THEN 'Bhutan'
    WHEN 'BV' THEN 'Bouvet Island'
    WHEN 'BW' THEN 'Botswana'
    WHEN 'BY' THEN 'Belarus'
    WHEN 'BZ' THEN 'Belize'
    WHEN 'CA' THEN 'Canada'
    WHEN 'CC' THEN 'Cocos (Keeling) Islands'
    WHEN 'CD' THEN 'Democratic Republic of the Congo Congo'
    WHEN 'CF' THEN 'Central African Republic'
    WHEN 'CG' THEN 'Republic of the Congo Congo'
    WHEN 'CH' THEN 'Switzerland'
    WHEN 'CI' THEN 'Cote d''Ivoire Côte d''Ivoire Ivory Coast'
    WHEN 'CK' THEN 'Cook Islands'
    WHEN 'CL' THEN 'Chile'
    WHEN 'CM' THEN 'Cameroon'
    WHEN 'CN' THEN 'People''s Republic of China China'
    WHEN 'CO' THEN 'Colombia'
    WHEN 'CR' THEN 'Costa Rica'
    WHEN 'CU' THEN 'Cuba'
    WHEN 'CV' THEN 'Cape Verde'
    WHEN 'CW' THEN 'Curaçao'
    WHEN 'CX' THEN 'Christmas Island'
    WHEN 'CY' THEN 'Cyprus'
    WHEN 'CZ' THEN 'Czech Republic Czechia'
    WHEN 'DE' THEN 'Germany'
    WHEN 'DJ' THEN 'Djibouti'
    WHEN 'DK' THEN 'Denmark'
    WHEN 'DM' THEN 'Dominica'
    WHEN 'DO' THEN 'Dominican Republic'
    WHEN 'DZ' THEN 'Algeria'
    WHEN 'EC' THEN 'Ecuador'
    WHEN 'EE' THEN 'Estonia'
    WHEN 'EG' THEN 'Egypt'
    WHEN 'EH' THEN 'Western Sahara'
    WHEN 'ER' THEN 'Eritrea'
    WHEN 'ES' THEN 'Spain'
    WHEN 'ET' THEN 'Ethiopia'
    WHEN 'FI' THEN 'Finland'
    WHEN 'FJ' THEN 'Fiji'
    WHEN 'FK' THEN 'Falkland Islands (Malvinas)'
    WHEN 'FM' THEN 'Micronesia, Federated States of'
    WHEN 'FO' THEN 'Faroe Islands'
    WHEN 'FR' THEN 'France'
    WHEN 'GA' THEN 'Gabon'
    WHEN 'GB' THEN 'United Kingdom UK Great Britain'
    WHEN 'GD' THEN 'Grenada'
    WHEN 'GE' THEN 'Georgia'
    WHEN 'GF' THEN 'French Guiana'
    WHEN 'GG' THEN 'Guernsey'
    WHEN 'GH' THEN 'Ghana'
    WHEN 'GI' THEN 'Gibraltar'
    WHEN 'GL' THEN 'Greenland'
    WHEN 'GM' THEN 'Republic of The Gambia The Gambia Gambia'
    WHEN 'GN' THEN 'Guinea'
    WHEN 'GP' THEN 'Guadeloupe'
    WHEN 'GQ' THEN 'Equatorial Guinea'
    WHEN 'GR' THEN 'Greece'
    WHEN 'GS' THEN 'South Georgia and the South Sandwich Islands'
    WHEN 'GT' THEN 'Guatemala'
    WHEN 'GU' THEN 'Guam'
    WHEN 'GW' THEN 'Guinea-Bissau'
    WHEN 'GY' THEN 'Guyana'
    WHEN 'HK' THEN 'Hong Kong'
    WHEN 'HM' THEN 'Heard Island and McDonald Islands'
    WHEN 'HN' THEN 'Honduras'
    WHEN 'HR' THEN 'Croatia'
    WHEN 'HT' THEN 'Haiti'
    WHEN 'HU' THEN 'Hungary'
    WHEN 'ID' THEN 'Indonesia'
    WHEN 'IE' THEN 'Ireland'
    WHEN 'IL' THEN 'Israel'
    WHEN 'IM' THEN 'Isle of Man'
    WHEN 'IN' THEN 'India'
    WHEN 'IO' THEN 'British Indian Ocean Territory'
    WHEN 'IQ' THEN 'Iraq'
    WHEN 'IR' THEN 'Islamic Republic of Iran Iran'
    WHEN 'IS' THEN 'Iceland'
    WHEN 'IT' THEN 'Italy'
    WHEN 'JE' THEN 'Jersey'
    WHEN 'JM' THEN 'Jamaica'
    WHEN 'JO' THEN 'Jordan'
    WHEN 'JP' THEN 'Japan'
    WHEN 'KE' THEN 'Kenya'
    WHEN 'KG' THEN 'Kyrgyzstan'
    WHEN 'KH' THEN 'Cambodia'
    WHEN 'KI' THEN 'Kiribati'
    WHEN 'KM' THEN 'Comoros'
    WHEN 'KN' THEN 'Saint Kitts and Nevis'
    WHEN 'KP' THEN 'North Korea'
    WHEN 'KR' THEN 'South Korea Korea, Republic of Republic of Korea'
    WHEN 'KW' THEN 'Kuwait'
    WHEN 'KY' THEN 'Cayman Islands'
    WHEN 'KZ' THEN 'Kazakhstan'
    WHEN 'LA' THEN 'Lao People''s Democratic Republic'
    WHEN 'LB' THEN 'Lebanon'
    WHEN 'LC' THEN 'Saint Lucia'
    WHEN 'LI' THEN 'Liechtenstein'
    WHEN 'LK' THEN 'Sri Lanka'
    WHEN 'LR' THEN 'Liberia'
    WHEN 'LS' THEN 'Lesotho'
    WHEN 'LT' THEN 'Lithuania'
    WHEN 'LU' THEN 'Luxembourg'
    WHEN 'LV' THEN 'Latvia'
    WHEN 'LY' THEN 'Libya'
    WHEN 'MA' THEN 'Morocco'
    WHEN 'MC' THEN 'Monaco'
    WHEN 'MD' THEN 'Moldova, Republic of'
    WHEN 'ME' THEN 'Montenegro'
    WHEN 'MF' THEN 'Saint Martin (French part)'
    WHEN 'MG' THEN 'Madagascar'
    WHEN 'MH' THEN 'Marshall Islands'
    WHEN 'MK' THEN 'The Republic of North Macedonia North Macedonia'
    WHEN 'ML' THEN 'Mali'
    WHEN 'MM' THEN 'Myanmar'
    WHEN 'MN' THEN 'Mongolia'
    WHEN 'MO' THEN 'Macao'
    WHEN 'MP' THEN 'Northern Mariana Islands'
    WHEN 'MQ' THEN 'Martinique'
    WHEN 'MR' THEN 'Mauritania'
    WHEN 'MS' THEN 'Montserrat'
    WHEN 'MT' THEN 'Malta'
    WHEN 'MU' THEN 'Mauritius'
    WHEN 'MV' THEN 'Maldives'
    WHEN 'MW' THEN 'Malawi'
    WHEN 'MX' THEN 'Mexico'
    WHEN 'MY' THEN 'Malaysia'
    WHEN 'MZ' THEN 'Mozambique'
    WHEN 'NA' THEN 'Namibia'
    WHEN 'NC' THEN 'New Caledonia'
    WHEN 'NE' THEN 'Niger'
    WHEN 'NF' THEN 'Norfolk Island'
    WHEN 'NG' THEN 'Nigeria'
    WHEN 'NI' THEN 'Nicaragua'
    WHEN 'NL' THEN 'Netherlands The Netherlands Netherlands (Kingdom of the)'
    WHEN 'NO' THEN 'Norway'
    WHEN 'NP' THEN 'Nepal'
    WHEN 'NR' THEN 'Nauru'
    WHEN 'NU' THEN 'Niue'
    WHEN 'NZ' THEN 'New Zealand'
    WHEN 'OM' THEN 'Oman'
    WHEN 'PA' THEN 'Panama'
    WHEN 'PE' THEN 'Peru'
    WHEN 'PF' THEN 'French Polynesia'
    WHEN 'PG' THEN 'Papua New Guinea'
    WHEN 'PH' THEN 'Philippines'
    WHEN 'PK' THEN 'Pakistan'
    WHEN 'PL' THEN 'Poland'
    WHEN 'PM' THEN 'Saint Pierre and Miquelon'
    WHEN 'PN' THEN 'Pitcairn Pitcairn Islands'
    WHEN 'PR' THEN 'Puerto Rico'
    WHEN 'PS' THEN 'State of Palestine Palestine'
    WHEN 'PT' THEN 'Portugal'
    WHEN 'PW' THEN 'Palau'
    WHEN 'PY' THEN 'Paraguay'
    WHEN 'QA' THEN 'Qatar'
    WHEN 'RE' THEN 'Reunion'
    WHEN 'RO' THEN 'Romania'
    WHEN 'RS' THEN 'Serbia'
    WHEN 'RU' THEN 'Russian Federation Russia'
    WHEN 'RW' THEN 'Rwanda'
    WHEN 'SA' THEN 'Saudi Arabia'
    WHEN 'SB' THEN 'Solomon Islands'
    WHEN 'SC' THEN 'Seychelles'
    WHEN 'SD' THEN 'Sudan'
    WHEN 'SE' THEN 'Sweden'
    WHEN 'SG' THEN 'Singapore'
    WHEN 'SH' THEN 'Saint Helena'
    WHEN 'SI' THEN 'Slovenia'
    WHEN 'SJ' THEN 'Svalbard and Jan Mayen'
    WHEN 'SK' THEN 'Slovakia'
    WHEN 'SL' THEN 'Sierra Leone'
    WHEN 'SM' THEN 'San Marino'
    WHEN 'SN' THEN 'Senegal'
    WHEN 'SO' THEN 'Somalia'
    WHEN 'SR' THEN 'Suriname'
    WHEN 'SS' THEN 'South Sudan'
    WHEN 'ST' THEN 'Sao Tome and Principe'
    WHEN 'SV' THEN 'El Salvador'
    WHEN 'SX' THEN 'Sint Maarten (Dutch part)'
    WHEN 'SY' THEN 'Syrian Arab Republic'
    WHEN 'SZ' THEN 'Eswatini'
    WHEN 'TC' THEN 'Turks and Caicos Islands'
    WHEN 'TD' THEN 'Chad'
    WHEN 'TF' THEN 'French Southern Territories'
    WHEN 'TG' THEN 'Togo'
    WHEN 'TH' THEN 'Thailand'
    WHEN 'TJ' THEN 'Tajikistan'
    WHEN 'TK' THEN 'Tokelau'
    WHEN 'TL' THEN 'Timor-Leste'
    WHEN 'TM' THEN 'Turkmenistan'
    WHEN 'TN' THEN 'Tunisia'
    WHEN 'TO' THEN 'Tonga'
    WHEN 'TR' THEN 'Türkiye Turkey'
    WHEN 'TT' THEN 'Trinidad and Tobago'
    WHEN 'TV' THEN 'Tuvalu'
    WHEN 'TW' THEN 'Taiwan, Province of China Taiwan'
    WHEN 'TZ' THEN 'United Republic of Tanzania Tanzania'
    WHEN 'UA' THEN 'Ukraine'
    WHEN 'UG' THEN 'Uganda'
    WHEN 'UM' THEN 'United States Minor Outlying Islands'
    WHEN 'US' THEN 'United States of America United States USA U.S.A. US U.S.'
    WHEN 'UY' THEN 'Uruguay'
    WHEN 'UZ' THEN 'Uzbekistan'
    WHEN 'VA' THEN 'Holy See (Vatican City State)'
    WHEN 'VC' THEN 'Saint Vincent and the Grenadines'
    WHEN 'VE' THEN 'Venezuela'
    WHEN 'VG' THEN 'Virgin Islands, British'
    WHEN 'VI' THEN 'Virgin Islands, U.S.'
    WHEN 'VN' THEN 'Vietnam'
    WHEN 'VU' THEN 'Vanuatu'
    WHEN 'WF' THEN 'Wallis and Futuna'
    WHEN 'WS' THEN 'Samoa'
    WHEN 'XK' THEN 'Kosovo'
    WHEN 'YE' THEN 'Yemen'
    WHEN 'YT' THEN 'Mayotte'
    WHEN 'ZA' THEN 'South Africa'
    WHEN 'ZM' THEN 'Zambia'
    WHEN 'ZW' THEN 'Zimbabwe'
    ELSE ''
  END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "provider_search_vector"(name text, headline text, description text, specialties specialty[], city text, country_code text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, array_to_string(specialties::text[], ' ')), 'B')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(city, '') || ' ' || country_search_names(country_code))), 'B')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(headline, ''))), 'C')
      || setweight(to_tsvector('simple'::regconfig, immutable_unaccent(coalesce(description, ''))), 'D')
$fn$;
--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (provider_search_vector("name", "headline", "description", "specialties", "city", "country_code")) STORED;
--> statement-breakpoint
CREATE INDEX "providers_listed_search_idx" ON "providers" USING gin ("search_vector")
  WHERE approval_status = 'APPROVED' and public_profile;
--> statement-breakpoint
DROP FUNCTION "provider_search_vector"(text, text, text, specialty[]);
--> statement-breakpoint
DELETE FROM "provider_search_prefixes";
--> statement-breakpoint
INSERT INTO "provider_search_prefixes" (prefix, total)
SELECT p, count(*)
FROM "providers" r CROSS JOIN LATERAL provider_search_prefixes(r.search_vector) p
WHERE r.approval_status = 'APPROVED' AND r.public_profile
GROUP BY 1;
--> statement-breakpoint
-- A change of city or country now changes what a search matches, as a change of name or headline does.
CREATE OR REPLACE FUNCTION "provider_listing_changed"() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  changed bigint;
BEGIN
  -- Only the transition tables this event has may be named, so each event has its own statements.
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, count(*)
    FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    PERFORM provider_listing_lock();
    SELECT count(*) INTO changed FROM (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile LIMIT provider_listing_rows_limit() + 1) c;
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_after)
      SELECT nextval('provider_listing_version_seq'), r.id, NULL, provider_listing_values(r), true, tsvector_to_array(r.search_vector)
      FROM new_rows r WHERE r.approval_status = 'APPROVED' AND r.public_profile;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN RETURN NULL; END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT k.specialty, k.featured_only, -count(*)
    FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
    WHERE r.approval_status = 'APPROVED' AND r.public_profile
    GROUP BY 1, 2
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    PERFORM provider_listing_lock();
    SELECT count(*) INTO changed FROM (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile LIMIT provider_listing_rows_limit() + 1) c;
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_before)
      SELECT nextval('provider_listing_version_seq'), r.id, provider_listing_values(r), NULL, true, tsvector_to_array(r.search_vector)
      FROM old_rows r WHERE r.approval_status = 'APPROVED' AND r.public_profile;
    END IF;
  ELSE
    -- An edit of a provider that is listed neither before nor after changes nothing public.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE approval_status = 'APPROVED' AND public_profile)
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE approval_status = 'APPROVED' AND public_profile) THEN
      RETURN NULL;
    END IF;
    INSERT INTO provider_listing_counts AS c (specialty, featured_only, total)
    SELECT d.specialty, d.featured_only, sum(d.delta)
    FROM (
      SELECT k.specialty, k.featured_only, 1 AS delta
      FROM new_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
      UNION ALL
      SELECT k.specialty, k.featured_only, -1
      FROM old_rows r CROSS JOIN LATERAL provider_listing_keys(r.specialties, r.featured) k
      WHERE r.approval_status = 'APPROVED' AND r.public_profile
    ) d
    GROUP BY 1, 2
    HAVING sum(d.delta) <> 0
    ON CONFLICT (specialty, featured_only) DO UPDATE SET total = c.total + excluded.total;
    -- Rows written unchanged (an update that sets what was there) change nothing public either.
    -- The joins of old and new rows run through EXECUTE, planned for this statement's row count: a
    -- plan PL/pgSQL kept from a bulk update (a merge join over sorts) cost a one-row edit 30 ms, and one
    -- kept from a one-row edit (a nested loop) would cost a bulk update rows × rows comparisons.
    EXECUTE 'SELECT count(*) FROM (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ((o.approval_status = ''APPROVED'' AND o.public_profile) OR (n.approval_status = ''APPROVED'' AND n.public_profile))
        AND ROW(o.*) IS DISTINCT FROM ROW(n.*) LIMIT $1) c'
      INTO changed USING provider_listing_rows_limit() + 1;
    IF changed = 0 THEN RETURN NULL; END IF;
    PERFORM provider_listing_lock();
    IF changed > provider_listing_rows_limit() THEN
      PERFORM provider_listing_log_everything();
    ELSE
      -- A row's words are written where the searched text changed (a search may now match differently)
      -- or the provider was listed on one side only (it entered or left every search it matches).
      EXECUTE 'INSERT INTO provider_listing_changes (seq, provider_id, before, after, search_changed, search_before, search_after)
        SELECT nextval(''provider_listing_version_seq''), n.id, provider_listing_values(o), provider_listing_values(n), s.changed,
          CASE WHEN s.listed_before AND (s.changed OR NOT s.listed_after) THEN tsvector_to_array(o.search_vector) END,
          CASE WHEN s.listed_after AND (s.changed OR NOT s.listed_before) THEN tsvector_to_array(n.search_vector) END
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (SELECT
          (o.name, o.headline, o.description, o.specialties, o.city, o.country_code) IS DISTINCT FROM (n.name, n.headline, n.description, n.specialties, n.city, n.country_code) AS changed,
          o.approval_status = ''APPROVED'' AND o.public_profile AS listed_before,
          n.approval_status = ''APPROVED'' AND n.public_profile AS listed_after) s
        WHERE ((o.approval_status = ''APPROVED'' AND o.public_profile) OR (n.approval_status = ''APPROVED'' AND n.public_profile))
          AND ROW(o.*) IS DISTINCT FROM ROW(n.*)';
    END IF;
  END IF;
  UPDATE provider_listing_state SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
SELECT provider_listing_log_everything();
--> statement-breakpoint
UPDATE "provider_listing_state" SET version = currval('provider_listing_version_seq')::text WHERE id = 1;
