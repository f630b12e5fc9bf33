/** How the applicant's own pages name an application: the company, or the address when none was given. */
export function applicationName(a: { companyName: string | null; email: string }): string {
  return a.companyName ?? a.email;
}
