"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore, useTransition, type ReactNode } from "react";
import { defaultSortFor, directoryPath, directorySearchOf } from "./directory-params";
import styles from "./directory.module.css";

const subscribeToNothing = () => () => {};

/**
 * The panel's state and the focused field when a change was applied. Moving between a plain list
 * (the cached view route) and a filtered one (the /providers route) mounts a new form: it takes
 * these over, so the phone's panel stays open and the keyboard stays on the field.
 */
let carriedOver: { open: boolean; focusId: string | null } | null = null;

/**
 * The directory's filter form. Without JavaScript it is a plain GET form (its fields are rendered on
 * the server). With JavaScript a change applies at once: the form's fields become the list's URL,
 * without empty fields or the default order, and the router shows that list. The search box applies
 * on Enter or its button, not on every keystroke.
 */
export function AutoApplyForm(props: {
  /** The query string of the list on screen (no page): the fields are set back to it after each change. */
  search: string;
  className: string | undefined;
  children: ReactNode;
}) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();
  // True once the script runs: the no-JavaScript "Apply filters" button hides (CSS), apply-on-change takes over.
  const enhanced = useSyncExternalStore(subscribeToNothing, () => true, () => false);

  // A chip, a link or the back button may change the list: the uncontrolled fields follow the URL.
  useEffect(() => {
    const current = form.current;
    if (!current) return;
    showSearchInFields(current, new URLSearchParams(props.search));
    if (carriedOver) {
      const panel = current.querySelector("details");
      if (panel && carriedOver.open) panel.open = true;
      const focused = carriedOver.focusId ? document.getElementById(carriedOver.focusId) : null;
      if (focused && current.contains(focused) && document.activeElement !== focused) focused.focus({ preventScroll: true });
      carriedOver = null;
    }
  }, [props.search]);

  // Browsers without ::details-content cannot show a closed panel's fields: open it on wide screens.
  useEffect(() => {
    const panel = form.current?.querySelector("details");
    if (panel && !CSS.supports("selector(::details-content)") && matchMedia("(min-width: 48rem)").matches) panel.open = true;
  }, []);

  function apply(target: HTMLFormElement) {
    carriedOver = { open: target.querySelector("details")?.open ?? false, focusId: document.activeElement?.id || null };
    const data = new FormData(target);
    // An order left at the default of the list shown means "the default": for a new search term that
    // is the best match, not the order the list had without one.
    const sort = target.elements.namedItem("sort");
    if (sort instanceof HTMLSelectElement && sort.value === sort.dataset.default) data.delete("sort");
    const href = directoryPath(directorySearchOf(data));
    startTransition(() => router.push(href, { scroll: false }));
  }

  return (
    <form
      ref={form}
      method="get"
      action="/providers"
      role="search"
      aria-label="Filter providers"
      className={props.className}
      data-enhanced={enhanced ? "" : undefined}
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      onChange={(event) => {
        const field = event.target as unknown as { type?: string };
        if (field.type === "search" || field.type === "text") return;
        apply(event.currentTarget);
      }}
    >
      {props.children}
      {/* Seen, not announced: the result count below the form is the live region. */}
      {pending ? (
        <p className={styles.updating} aria-hidden="true">
          Updating results…
        </p>
      ) : null}
    </form>
  );
}

/** Sets every field to what the query string says (the server rendered them for the first list only). */
function showSearchInFields(form: HTMLFormElement, params: URLSearchParams): void {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement && element.type === "checkbox") {
      element.checked = params.getAll(element.name).includes(element.value);
    } else if (element instanceof HTMLInputElement && (element.type === "search" || element.type === "text")) {
      if (document.activeElement !== element) element.value = params.get(element.name) ?? "";
    } else if (element instanceof HTMLSelectElement) {
      element.value = params.get(element.name) ?? (element.name === "sort" ? defaultSortFor(params.get("q")) : "");
    }
  }
}
