import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { pinnedLookup } from "./open-connection";

type Answer = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function ask(lookup: ReturnType<typeof pinnedLookup>, name: string, options: Parameters<ReturnType<typeof pinnedLookup>>[1]): Answer {
  let answer: Answer | undefined;
  lookup(name, options, (error, address, family) => (answer = { error, address, family }));
  return answer!;
}

describe("pinnedLookup", () => {
  const addresses = [
    { address: "93.184.216.34", family: 4 as const },
    { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 as const },
  ];
  const lookup = pinnedLookup("hooks.example.com", addresses);

  it("answers the checked addresses only, all of them when asked for all (happy eyeballs)", () => {
    expect(ask(lookup, "hooks.example.com", { all: true })).toEqual({ error: null, address: addresses, family: undefined });
    expect(ask(lookup, "hooks.example.com", {})).toEqual({ error: null, address: "93.184.216.34", family: 4 });
  });

  it("honours a requested family", () => {
    expect(ask(lookup, "hooks.example.com", { family: 6 })).toMatchObject({ address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 });
    expect(ask(lookup, "hooks.example.com", { family: "IPv4", all: true })).toMatchObject({ address: [addresses[0]] });
    expect(ask(pinnedLookup("v4.example.com", [addresses[0]!]), "v4.example.com", { family: 6 }).error?.code).toBe("ENOTFOUND");
  });

  it("refuses any other name instead of asking DNS", () => {
    expect(ask(lookup, "169.254.169.254.nip.io", {}).error?.code).toBe("ENOTFOUND");
  });
});
