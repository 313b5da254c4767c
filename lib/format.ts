/** Balances of 1000 and above are shown with K (SPEC.md "Tariff list"). */
export function formatCount(value: number): string {
  if (Math.abs(value) < 1000) return String(value);
  const thousands = value / 1000;
  return `${Number.isInteger(thousands) ? thousands : thousands.toFixed(1).replace(/\.0$/, "")}K`;
}
