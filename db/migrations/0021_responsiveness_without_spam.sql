-- Issue 31: inquiries a provider marked SPAM leave the responsiveness sample (neither answered nor
-- waiting). lib/inquiries/refresh-responsiveness.ts holds the rule and applies it at every delivery,
-- status change and hourly sweep; this recomputes every stored row once under it, so no profile shows a
-- figure with spam in it until its row's next refresh. The trigger on provider_responsiveness logs each
-- row whose figures change as a change of that provider's profile (migration 0007), so cached copies
-- are read again.
UPDATE "provider_responsiveness" AS r
SET "sample" = s.sample, "responded" = s.responded, "median_hours" = s.median_hours, "computed_at" = now()
FROM (
  SELECT p."provider_id", count(i."id")::int AS sample, count(i."first_response_at")::int AS responded,
    percentile_cont(0.5) WITHIN GROUP (
      ORDER BY extract(epoch from coalesce(i."first_response_at", now()) - i."delivered_at") / 3600.0
    ) AS median_hours
  FROM "provider_responsiveness" AS p
  LEFT JOIN "inquiries" AS i
    ON i."provider_id" = p."provider_id"
    AND i."delivered_at" > now() - interval '90 days'
    AND i."status" <> 'SPAM'
  GROUP BY p."provider_id"
) AS s
WHERE r."provider_id" = s."provider_id";
