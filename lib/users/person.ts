import { eq, type Column } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";

/**
 * A person as others are shown them (who invited someone, who made a key, who acted): the name they
 * typed, which may be missing, and their account address, which every account has.
 */
export interface Person {
  name: string | null;
  email: string;
}

/**
 * The columns of a Person, from `users` or an alias of it. In a left join that finds nobody, drizzle
 * answers null for the whole object.
 */
export function personColumns<T extends { name: Column; email: Column }>(table: T): { name: T["name"]; email: T["email"] } {
  return { name: table.name, email: table.email };
}

/** The person with this user id, or null. */
export async function findPerson(db: Db, params: { userId: string }): Promise<Person | null> {
  const [person] = await db.select(personColumns(users)).from(users).where(eq(users.id, params.userId)).limit(1);
  return person ?? null;
}

/**
 * How a person is named, on a page or in an email: their name when they gave one, with the address
 * as its detail; otherwise the address alone.
 */
export function personLabel(person: Person): { primary: string; secondary: string | null } {
  const name = person.name?.trim();
  return name ? { primary: person.name!, secondary: person.email } : { primary: person.email, secondary: null };
}
