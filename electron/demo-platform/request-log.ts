import { CREDENTIAL_FIELDS } from '../shared/domain';

const CREDENTIAL_NAMES = new Set(
  Object.values(CREDENTIAL_FIELDS).flatMap((f) => [...f.keys, ...f.secrets].map((n) => n.toLowerCase())),
);

/**
 * The request target as logged: the path and the query without any credential parameter.
 *
 * Names are compared case-blind, so a secret sent as `AuthSecret` is dropped too.
 */
export function redactedTarget(path: string, query: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of query) if (!CREDENTIAL_NAMES.has(name.toLowerCase())) kept.append(name, value);
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}
