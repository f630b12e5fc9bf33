/** Sign-in links are short-lived: they are as good as a password for as long as they work. */
export const SIGN_IN_LINK_MAX_AGE_SECONDS = 30 * 60;
