// An endpoint's name is its method and path as the server declares them ('GET /admin/orders/:id'), under
// /api. What the browser needs to call one without loading the schemas: its URL and the types of its
// path parameters (zod-free, so a public page pays nothing for it).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A parameter's name ends at a slash, a dot (`:id.pdf`) or the end of the path. */
type NameOf<S extends string> = S extends `${infer Name}.${string}` ? Name : S;
type ParamNames<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? NameOf<Name> | ParamNames<`/${Tail}`>
    : NameOf<Rest>
  : never;

/** The path parameters an endpoint's name holds (`never` when it has none). */
export type PathParamNames<K extends string> = K extends `${HttpMethod} ${infer P}` ? ParamNames<P> : never;
export type PathParams<K extends string> = Record<PathParamNames<K>, string | number>;

export type QueryValue = string | number | boolean | null | undefined;

/** The method and the URL of a call: path parameters filled in (encoded), the query's set values appended. */
export function requestOf(
  key: string,
  params: Record<string, string | number> = {},
  query: Record<string, QueryValue> = {},
): { method: HttpMethod; url: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HttpMethod;
  const path = key.slice(space + 1).replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const rest = search.toString();
  return { method, url: `/api${path}${rest ? `?${rest}` : ''}` };
}
