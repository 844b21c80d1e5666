import { sql, type Kysely } from 'kysely';

/**
 * The founder named (issue 56): accepting an application made the company's first account without the
 * name the shop gave, so its people list and the orders it placed read `name: null`. Each such account
 * takes the name of the application that made it (the latest, when there were several).
 */
export async function m032FounderNames(db: Kysely<any>): Promise<void> {
  await sql`
    update users set name = (
      select a.name from retailer_applications a
      where a.retailer_user_id = users.id and a.status = 'accepted'
      order by a.id desc limit 1
    )
    where name is null and exists (
      select 1 from retailer_applications a where a.retailer_user_id = users.id and a.status = 'accepted'
    )`.execute(db);
}
