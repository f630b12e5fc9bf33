"use client";

import { CONTACT_DISCLOSURE_ID, CONTACT_FIRST_FIELD_ID } from "./contact-ids";

/**
 * "Contact {name}" where the visitor first looks (under the name, and pinned to a phone's screen): a
 * link to the contact section that also opens its form and puts the cursor in the first field.
 * Without JavaScript it still takes the visitor to the section, whose own button opens the form.
 */
export function ContactLink({ name, className }: { name: string; className?: string }) {
  return (
    <a
      href="#contact"
      className={className}
      onClick={() => {
        const disclosure = document.getElementById(CONTACT_DISCLOSURE_ID);
        if (!(disclosure instanceof HTMLDetailsElement)) return;
        disclosure.open = true;
        // After the browser has followed the link and laid out the opened form.
        requestAnimationFrame(() => document.getElementById(CONTACT_FIRST_FIELD_ID)?.focus());
      }}
    >
      Contact {name}
    </a>
  );
}
