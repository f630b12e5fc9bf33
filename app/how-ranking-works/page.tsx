import type { Metadata } from "next";
import { HowRankingWorks } from "@/components/ranking/how-ranking-works";

// The methodology changes only with a deploy (lib/ranking/ranking-formula.ts): prerendered, kept as the home page is.
export const revalidate = 300;

export const metadata: Metadata = {
  title: "How ranking works",
  description: "How the directory's recommended order is computed: four published parts, their weights and why, and what never counts.",
  alternates: { canonical: "/how-ranking-works" },
};

export default function HowRankingWorksPage() {
  return <HowRankingWorks />;
}
