/** The two databases one set of migrations and queries serves. */
export type Dialect = 'sqlite' | 'postgres';
