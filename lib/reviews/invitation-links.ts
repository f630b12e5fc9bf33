/** The three links of a review invitation or reminder, all carrying its one-time token. */
export function invitationLinks(appUrl: string, token: string): { writeUrl: string; declineUrl: string; optOutUrl: string } {
  const t = encodeURIComponent(token);
  return {
    writeUrl: `${appUrl}/reviews/write?token=${t}`,
    declineUrl: `${appUrl}/reviews/decline?token=${t}`,
    optOutUrl: `${appUrl}/reviews/opt-out?token=${t}`,
  };
}
