/** Today as the label counts days (UTC calendar day). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
