/**
 * Reports never contain secrets: values the user passed with --env, and the user's home
 * directory, are replaced wherever they appear in evidence, messages and the target command.
 */
import { homedir } from "node:os";

export interface Redactor {
  text(value: string): string;
  /** A deep copy with every string redacted. */
  value<T>(value: T): T;
}

export function createRedactor(env: Readonly<Record<string, string>>, home: string = homedir()): Redactor {
  const replacements: Array<[string, string]> = [];
  // Longest first, so a secret that contains another is replaced whole.
  for (const [key, value] of Object.entries(env).sort((a, b) => b[1].length - a[1].length)) {
    if (value.length >= 3) replacements.push([value, `<redacted:${key}>`]);
  }
  if (home && home !== "/" && home.length > 1) replacements.push([home, "~"]);
  const text = (value: string) => {
    let result = value;
    for (const [secret, replacement] of replacements) if (result.includes(secret)) result = result.split(secret).join(replacement);
    return result;
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, deep(inner)]));
    return value;
  };
  return { text, value: <T>(value: T) => deep(value) as T };
}
