import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { privacyRequests } from "./schema-reviews";

// The address of a privacy request not yet confirmed, sealed with the emailed token
// (lib/privacy/seal-address.ts): confirming an ACCESS request emails the file's link to it. Deleted
// when the request completes (or its row goes), so an erased address is not found here either.
export const privacyRequestSeals = pgTable("privacy_request_seals", {
  requestId: uuid("request_id")
    .primaryKey()
    .references(() => privacyRequests.id, { onDelete: "cascade" }),
  sealedAddress: text("sealed_address").notNull(),
});
