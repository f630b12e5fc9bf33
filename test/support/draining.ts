import { processSingleton } from "@/lib/config/process-singletons";

// A process that started draining (lib/http/draining.ts, on SIGTERM) never stops: the product has no way
// back. A test that drains the test process puts it back here, so the file's later tests see a serving
// process. The flag's place is lib/http/draining.ts's.
export function endDrainingOfTestProcess(): void {
  processSingleton<boolean>("draining").set(undefined);
}
