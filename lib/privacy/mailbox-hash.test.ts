import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { mailboxKey } from "@/lib/rate-limit/mailbox-key";
import { belongsToMailbox, mailboxHash, mailboxKeySql, ofMailbox } from "./mailbox-hash";

const ADDRESSES = [
  "ada@example.com",
  "ada+news@example.com",
  "ada+a+b@example.com",
  "+tag@example.com",
  "a.da@gmail.com",
  "a.d.a+x@googlemail.com",
  "...@gmail.com",
  "ada@sub.example.co.uk",
  "odd@name@example.com",
  "@example.com",
  "no-at-sign",
  "o'brien.x+1@example.ie",
  "  Mixed.Case@GMail.com ",
];

describe("mailboxKeySql", () => {
  it("computes in Postgres exactly what mailboxKey computes in TypeScript", async () => {
    for (const address of ADDRESSES) {
      const [row] = await executeRows<{ key: string }>(getDb(), sql`select ${mailboxKeySql(sql`${address}::text`)} as key`);
      expect(row!.key, address).toBe(mailboxKey(address));
    }
  });

  it.each([
    ["ada.lovelace@gmail.com", ["adalovelace@gmail.com", "ada.love.lace+x@googlemail.com", ".ada.lovelace@gmail.com"], ["ada.lovelace@example.com", "adalovelace2@gmail.com"]],
    ["grace+navy@example.com", ["grace@example.com", "grace+a+b@example.com"], ["grace@example.org", "gracey@example.com", "g.race@example.com", "grace_x@example.com"]],
    ["per%cent_@example.com", ["per%cent_@example.com", "per%cent_+x@example.com"], ["perXcentY@example.com", "per%centY@example.com"]],
  ])("ofMailbox (%s): its cheap filter keeps every spelling, the hash decides", async (address, spellings, others) => {
    const mailbox = { hash: mailboxHash(address), address };
    for (const [list, expected] of [[spellings, true], [others, false]] as const) {
      for (const candidate of list) {
        const [row] = await executeRows<{ hit: boolean }>(getDb(), sql`select ${ofMailbox(sql`${candidate}::text`, mailbox)} as hit`);
        expect(row!.hit, candidate).toBe(expected);
      }
    }
  });

  it("matches every spelling of one mailbox by its hash, and no other mailbox", async () => {
    const hash = mailboxHash("ada.lovelace@gmail.com");
    const spellings = ["adalovelace@gmail.com", "ada.love.lace+x@googlemail.com", "ADA.LOVELACE@gmail.com"];
    const others = ["ada.lovelace@example.com", "adalovelace2@gmail.com", "lovelace@gmail.com"];
    for (const [list, expected] of [[spellings, true], [others, false]] as const) {
      for (const address of list) {
        const [row] = await executeRows<{ hit: boolean }>(getDb(), sql`select ${belongsToMailbox(sql`${address}::text`, hash)} as hit`);
        expect(row!.hit, address).toBe(expected);
      }
    }
  });
});
