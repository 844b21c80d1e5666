import type { ReactNode } from 'react';

/**
 * A back-office list under its heading: a sentence when it is empty, else a table whose box scrolls
 * sideways on a phone (never the page), named by the heading. `count` null: not loaded yet (nothing shown).
 * `more`: what follows the table (a button that shows the next rows of a long list).
 */
export function ListTable({
  id,
  title,
  empty,
  count,
  headers,
  children,
  more,
}: {
  id: string;
  title: ReactNode;
  empty: ReactNode;
  count: number | null;
  headers: ReactNode[];
  children: ReactNode;
  more?: ReactNode;
}) {
  return (
    <section>
      <h2 id={id} className="section-title section-title--small">
        {title}
      </h2>
      {count === 0 && <p>{empty}</p>}
      {count !== null && count > 0 && (
        <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
          <table className="order-table">
            <thead>
              <tr>
                {headers.map((header, i) => (
                  <th scope="col" key={i}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
      {more}
    </section>
  );
}
