/**
 * Reports never contain secrets: values the user passed with --env, strings that look like
 * API keys or tokens, and the user's home directory are replaced wherever they appear in
 * evidence, messages and the target command, in every report format.
 */
import { homedir } from "node:os";

export interface Redactor {
  text(value: string): string;
  /** A deep copy with every string redacted. */
  value<T>(value: T): T;
}

/**
 * Shapes of credentials that show up in agents' logs and errors: provider key prefixes, JWTs,
 * bearer headers and key=value pairs named like secrets. Deliberately specific: session ids
 * and UUIDs in evidence must stay readable.
 */
const TOKEN_PATTERNS: Array<[RegExp, string]> = [
  [/\b(?:sk|pk|rk)-(?:[A-Za-z0-9]+-)*[A-Za-z0-9_-]{16,}/g, "<redacted:token>"],
  [/\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}\b/g, "<redacted:token>"],
  [/\bgithub_pat_[A-Za-z0-9_]{20,}/g, "<redacted:token>"],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}/g, "<redacted:token>"],
  [/\bAKIA[0-9A-Z]{16}\b/g, "<redacted:token>"],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, "<redacted:token>"],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, "<redacted:token>"],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g, "$1 <redacted:token>"],
  [
    /\b((?:[A-Za-z0-9]+[_-])*(?:api[_-]?key|apikey|token|secret|password|passwd|credentials?)["']?\s*[:=]\s*["']?)[^\s"',;&<]{6,}/gi,
    "$1<redacted>",
  ],
];

export function createRedactor(env: Readonly<Record<string, string>>, home: string = homedir()): Redactor {
  const replacements: Array<[string, string]> = [];
  // Longest first, so a secret that contains another is replaced whole.
  for (const [key, value] of Object.entries(env).sort((a, b) => b[1].length - a[1].length)) {
    if (value.length >= 3) replacements.push([value, `<redacted:${key}>`]);
  }
  if (home && home !== "/" && home.length > 1) replacements.push([home, "~"]);
  const text = (value: string) => {
    let result = value;
    for (const [secret, replacement] of replacements)
      if (result.includes(secret)) result = result.split(secret).join(replacement);
    for (const [pattern, replacement] of TOKEN_PATTERNS) result = result.replace(pattern, replacement);
    return result;
  };
  const deep = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(deep);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, deep(inner)]));
    return value;
  };
  return { text, value: <T>(value: T) => deep(value) as T };
}
