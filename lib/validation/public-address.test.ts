import { describe, expect, it } from "vitest";
import { addressRange, isLoopbackAddress, isPublicAddress } from "./public-address";
import { isPublicHostname } from "./primitives";

describe("isPublicAddress", () => {
  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255", // just below carrier-grade NAT
    "100.128.0.0", // just above it
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "2001:4860:4860::8888", // Google DNS: 2001:4860::/32 is outside 2001::/23
    "::ffff:93.184.216.34",
    "::ffff:5db8:d822",
    "64:ff9b::5db8:d822", // NAT64 of a public address (a DNS64 answer)
    "2002:5db8:d822::1", // 6to4 of a public address
  ])("accepts the public address %s", (ip) => {
    expect(addressRange(ip)).toBe("public");
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.10", "documentation"],
    ["192.88.99.1", "reserved"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["::127.0.0.1", "reserved"], // IPv4-compatible (deprecated)
    ["::ffff:0:7f00:1", "reserved"], // IPv4-translated (SIIT)
    ["64:ff9b::7f00:1", "loopback"], // NAT64 of 127.0.0.1
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["64:ff9b:1::a00:1", "reserved"], // local-use NAT64
    ["2002:7f00:1::", "loopback"], // 6to4 of 127.0.0.1
    ["2002:c0a8:101::1", "private"], // 6to4 of 192.168.1.1
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["2001:db8::1", "documentation"],
    ["2001:2::1", "reserved"], // benchmarking, inside 2001::/23
    ["3fff::1", "documentation"],
    ["100::1", "reserved"], // discard-only
  ])("refuses %s (%s)", (ip, range) => {
    expect(addressRange(ip)).toBe(range);
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["", "localhost", "example.com", "1.2.3", "1.2.3.4.5", "256.1.1.1", "0x7f.0.0.1", "2130706433", "1::2::3", "fe80::1%eth0", "[::1]", "1.2.3.4::", "::g", "1:2:3:4:5:6:7:8:9"])(
    "judges %j not an address, so not public",
    (text) => {
      expect(addressRange(text)).toBe("invalid");
      expect(isPublicAddress(text)).toBe(false);
    },
  );

  it("knows loopback as the loopback switch means it: 127.0.0.0/8 and ::1 only", () => {
    for (const ip of ["127.0.0.1", "127.1.2.3", "::1", "0::1"]) expect(isLoopbackAddress(ip)).toBe(true);
    for (const ip of ["0.0.0.0", "::", "::ffff:127.0.0.1", "10.0.0.1", "169.254.169.254", "fe80::1", "93.184.216.34", "nonsense"]) {
      expect(isLoopbackAddress(ip)).toBe(false);
    }
  });
});

describe("isPublicHostname judges IP literals by the same rule", () => {
  it.each([
    ["2130706433", false],
    ["0x7f.1", false],
    ["0177.0.0.1", false],
    ["[::ffff:127.0.0.1]", false],
    ["192.0.2.1", false],
    ["[2001:db8::1]", false],
    ["[64:ff9b::7f00:1]", false],
    ["[2002:a00:1::]", false],
    ["93.184.216.34", true],
    ["[2606:4700:4700::1111]", true],
  ])("%s written in a URL → public %s", (host, expected) => {
    // The URL parser first, as every caller sees it: numeric and hex IPv4 forms arrive dotted.
    expect(isPublicHostname(new URL(`https://${host}/`).hostname)).toBe(expected);
  });
});
