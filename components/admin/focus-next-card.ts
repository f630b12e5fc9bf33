/**
 * After a decision its card leaves the list: focus moves to the next card (or the previous one, or the
 * page heading when the list is now empty), so a keyboard or screen-reader user carries on from there
 * instead of from the top of the page. Runs after the confirm dialog has closed and given focus back.
 */
export function focusNextCard(from: HTMLElement | null): void {
  const item = from?.closest("li");
  const target =
    (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>("article") ??
    document.querySelector<HTMLElement>("main h1");
  if (!target) return;
  setTimeout(() => {
    target.tabIndex = -1;
    target.focus();
  }, 0);
}
