import { describe, expect, it } from "vitest";
import { currentLink } from "./console-nav";

const links = [
  { href: "/studio", label: "Overview" },
  { href: "/studio/listing", label: "Listing" },
  { href: "/studio/team", label: "Team" },
];

describe("currentLink", () => {
  it("marks the deepest section the path is in, and none for a path outside them", () => {
    expect(currentLink(links, "/studio")).toBe("/studio");
    expect(currentLink(links, "/studio/listing")).toBe("/studio/listing");
    expect(currentLink(links, "/studio/team/members")).toBe("/studio/team");
    expect(currentLink(links, "/studio/teams")).toBe("/studio");
    expect(currentLink(links, "/admin")).toBeUndefined();
  });
});
