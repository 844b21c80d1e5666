/** Whose orders a person of a company sees (issue 46): the company's, of some doors only for a buyer (null: every door). */
export interface OrderScope {
  companyId: number;
  doorIds: number[] | null;
}

/** Whether an order is one a scope may see: its company's (a number: the company's id), and of one of a buyer's doors. */
export function inScope(row: { company_id: number | null; door_id: number | null }, scope: number | OrderScope | undefined): boolean {
  if (scope === undefined) return true;
  if (typeof scope === 'number') return row.company_id === scope;
  if (row.company_id !== scope.companyId) return false;
  return scope.doorIds === null || (row.door_id !== null && scope.doorIds.includes(row.door_id));
}
