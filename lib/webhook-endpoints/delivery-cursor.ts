/**
 * The opaque page cursor of a delivery list: the last row's creation time (microseconds, as Postgres
 * keeps it) and delivery id, so keyset pages never skip or repeat a row while new deliveries arrive.
 */
export interface DeliveryCursor {
  createdAt: string;
  id: string;
}

export function encodeDeliveryCursor(cursor: DeliveryCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeDeliveryCursor(raw: string): DeliveryCursor | null {
  const [createdAt, id, extra] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !createdAt || !id) return null;
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(createdAt)) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return { createdAt, id };
}
