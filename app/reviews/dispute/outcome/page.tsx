import { PageHeader } from "@/components/ui/page-header";
import { outcomePageMetadata, singleParam } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Your answer");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const OUTCOMES: Record<string, { title: string; text: string }> = {
  saved: { title: "Thank you, we have your answer", text: "Our moderators read both sides before deciding. We email you the decision." },
  closed: { title: "This dispute is closed", text: "A decision was already made, or the time to decide ran out; your answer was not needed." },
  invalid: { title: "This link does not work", text: "Use the link in the most recent email about the dispute." },
  "too-long": { title: "Your answer was not saved", text: "Write between 1 and 2000 characters, then go back and send it again." },
  retry: { title: "Your answer was not saved", text: "Something went wrong on our side. Go back and send it again in a moment." },
};

/** Where the answer form lands (no token in this address). */
export default async function DisputeOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const outcome = OUTCOMES[singleParam(await searchParams, "result") ?? ""] ?? OUTCOMES.retry!;
  return (
    <>
      <PageHeader title={outcome.title} />
      <p>{outcome.text}</p>
    </>
  );
}
