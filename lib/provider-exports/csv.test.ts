import { describe, expect, it } from "vitest";
import { csvCell, tableToCsv, tableToJson } from "./csv";

describe("CSV cells", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+31 20 123", "'+31 20 123"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tindent", "'\tindent"],
    ["\rstart", `"'\rstart"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])("prefixes a text starting with a formula character: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("quotes commas, quotes and line breaks, and leaves plain text, numbers, booleans and null alone", () => {
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("plain text")).toBe("plain text");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
  });

  it("writes a BOM, a header and CRLF records; JSON keeps the same keys in column order", () => {
    const table = { name: "t", columns: ["b", "a"], rows: [{ a: 1, b: "x" }] };
    expect(tableToCsv(table)).toBe("\uFEFFb,a\r\nx,1\r\n");
    expect(Object.keys(JSON.parse(tableToJson(table))[0])).toEqual(["b", "a"]);
  });
});
