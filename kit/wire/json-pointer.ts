/** Reading JSON values and schemas by JSON pointer (RFC 6901), as schema errors name their places. */

export function resolve(document: Record<string, unknown>, pointer: string): unknown {
  let node: unknown = document;
  for (const segment of segments(pointer.replace(/^#/, "")))
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

export function valueAt(value: unknown, path: string): unknown {
  let node = value;
  for (const segment of segments(path))
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

export function segments(path: string): string[] {
  return path === "" || path === "/"
    ? []
    : path
        .replace(/^\//, "")
        .split("/")
        .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

export function escapeSegment(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
