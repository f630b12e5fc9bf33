// A LIKE pattern built from typed text: the directory's search without words and the admin's provider
// search both take the text literally.

/** A LIKE pattern's wildcards (%, _ and the escape character) taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
