// The contact section's element ids, shared by the form and the links that open it.
export const CONTACT_DISCLOSURE_ID = "contact-disclosure";
export const CONTACT_FIRST_FIELD_ID = "contact-name";
