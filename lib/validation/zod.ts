import { z } from "zod";

// zod for every schema that also runs in the browser (forms validate with the same schemas as the
// server). zod compiles object parsers with `new Function` when it may, and finds out by trying once:
// under the site's content security policy, which allows no eval, that try is refused and reported
// as a policy violation on every page with a form. In the browser it is told not to try; the server
// keeps the compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
