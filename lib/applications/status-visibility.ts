// Its own module, free of the database, so the verify page's client components can say it too.

/** How long after the decision the verification link still shows the application's status. */
export const STATUS_VISIBLE_DAYS_AFTER_DECISION = 90;
