import { isIP } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countKnob } from "@/test/reliability/database-dump";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { ipRateLimitSubject } from "@/lib/rate-limit/ip-subject";
import { clientIpFromHeaders, parseIpAddress } from "./client-ip";
import { PEER_ADDRESS_HEADER } from "./peer-address";

const PEER = "192.0.2.10";
const headers = (h: Record<string, string>) => new Headers(h);
const runs = { numRuns: countKnob("RELIABILITY_RUNS", 200) };

/** Text a client might put into a forwarding header: addresses, lists, junk, very long values. */
const forwardedText = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string()), { maxLength: 8 }).map((a) => a.join(", ")),
  fc.string({ unit: "binary-ascii", maxLength: 200 }).map((s) => s.replace(/[\r\n\0]/g, "")),
  fc.string({ minLength: 1, maxLength: 4 }).map((s) => `${s}`.repeat(5000)),
  fc.constantFrom("unknown", "_hidden", "1.2.3.4:80", "[2001:db8::1]", "fe80::1%eth0", "01.2.3.4", "1.2.3", " ", ","),
);

describe("the client address", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    fc.assert(
      fc.property(forwardedText, (xff) => {
        expect(clientIpFromHeaders(headers({ ...peerAddressHeaders(PEER), "x-forwarded-for": xff }), 0)).toBe(PEER);
      }),
      runs,
    );
  });

  it("is unknown, never the client's claim, when the peer header was not written by this process", () => {
    expect(clientIpFromHeaders(headers({ "x-forwarded-for": "198.51.100.7" }), 0)).toBeNull();
    expect(clientIpFromHeaders(headers({ [PEER_ADDRESS_HEADER]: "198.51.100.7" }), 0)).toBeNull();
    expect(clientIpFromHeaders(headers({ [PEER_ADDRESS_HEADER]: "not-the-secret 198.51.100.7" }), 0)).toBeNull();
  });

  it("is the Nth entry from the right of X-Forwarded-For behind N trusted proxies", () => {
    const h = headers({ ...peerAddressHeaders(PEER), "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.2" });
    expect(clientIpFromHeaders(h, 1)).toBe("10.0.0.2");
    expect(clientIpFromHeaders(h, 2)).toBe("198.51.100.7");
    expect(clientIpFromHeaders(h, 3)).toBe("6.6.6.6");
  });

  it("falls back to the socket's peer when X-Forwarded-For has fewer entries than trusted proxies, or none", () => {
    expect(clientIpFromHeaders(headers({ ...peerAddressHeaders(PEER), "x-forwarded-for": "198.51.100.7" }), 2)).toBe(PEER);
    expect(clientIpFromHeaders(headers(peerAddressHeaders(PEER)), 1)).toBe(PEER);
  });

  it("never uses a value that is not an IP address: the peer stands in for it", () => {
    for (const garbage of ["unknown", "1.2.3.4:80", "[2001:db8::1]", "a".repeat(20_000), "", "1.2.3.4 5.6.7.8", "01.2.3.4"]) {
      const h = headers({ ...peerAddressHeaders(PEER), "x-forwarded-for": `203.0.113.5, ${garbage}` });
      expect(clientIpFromHeaders(h, 1), JSON.stringify(garbage.slice(0, 40))).toBe(PEER);
    }
  });

  it("is always null or a valid, short IP address, for any header values and any number of trusted proxies", () => {
    fc.assert(
      fc.property(forwardedText, fc.option(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string())), fc.integer({ min: 0, max: 10 }), (xff, peer, hops) => {
        const h = headers({ "x-forwarded-for": xff, ...(peer === null ? {} : peerAddressHeaders(peer)) });
        const ip = clientIpFromHeaders(h, hops);
        if (ip !== null) {
          expect(isIP(ip)).not.toBe(0);
          expect(ip.length).toBeLessThanOrEqual(45);
        }
      }),
      runs,
    );
  });

  it("writes one address one way: IPv4-mapped IPv6 as IPv4, IPv6 compressed and lower-case", () => {
    expect(parseIpAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(parseIpAddress("::FFFF:C000:0201")).toBe("192.0.2.1");
    expect(parseIpAddress("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(parseIpAddress(" 198.51.100.7 ")).toBe("198.51.100.7");
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const once = parseIpAddress(ip);
        expect(once).not.toBeNull();
        expect(parseIpAddress(once!)).toBe(once);
      }),
      runs,
    );
  });
});

describe("the per-IP limit's subject", () => {
  it("is the address itself for IPv4", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(ipRateLimitSubject(ip)).toBe(ip);
      }),
      runs,
    );
  });

  it("is the /64 network for IPv6: one subscriber's addresses share it, other networks do not", () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (network, host1, host2) => {
        const a = parseIpAddress([...network, ...host1].join(":"))!;
        const b = parseIpAddress([...network, ...host2].join(":"))!;
        expect(ipRateLimitSubject(a)).toBe(ipRateLimitSubject(b));
        expect(ipRateLimitSubject(a)).toBe(`${network.map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`);
      }),
      runs,
    );
    expect(ipRateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipRateLimitSubject("2001:db8:0:1::1")).not.toBe(ipRateLimitSubject("2001:db8::1"));
  });
});
